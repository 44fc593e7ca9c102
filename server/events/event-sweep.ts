import type { JobDefinition } from '../plugin-api/server-plugin';
import { DELIVER_EVENT_JOB } from './event-outbox';

/** Delivered events are kept this long (what an operator looks back at), then removed. */
export const KEEP_DELIVERED_DAYS = 30;
/** An event still undelivered this long after it happened has used up its job's tries: it is queued again. */
export const REDRIVE_AFTER_MINUTES = 30;
/** …for this long; older ones wait for an operator (they are in `domain_events` with `delivered_at` null). */
export const REDRIVE_FOR_DAYS = 7;

/**
 * Every 10 minutes: removes events delivered long ago, and queues again the delivery of events
 * whose job gave up (a subscriber kept failing, e.g. while a service it calls was down). A second
 * delivery is harmless: subscribers that handled the event skip it.
 */
export const sweepEventsJob: JobDefinition = {
  name: 'events.sweep',
  cron: '*/10 * * * *',
  retryLimit: 0,
  async handler(_data, ctx) {
    const pruned = await ctx.db.query(
      `DELETE FROM domain_events WHERE delivered_at < now() - make_interval(days => $1)`,
      [KEEP_DELIVERED_DAYS],
    );
    const { rows } = await ctx.db.query<{ id: string }>(
      `SELECT id::text FROM domain_events
        WHERE delivered_at IS NULL AND occurred_at < now() - make_interval(mins => $1) AND occurred_at > now() - make_interval(days => $2)
        ORDER BY occurred_at LIMIT 1000`,
      [REDRIVE_AFTER_MINUTES, REDRIVE_FOR_DAYS],
    );
    for (const { id } of rows) await ctx.jobs.send(DELIVER_EVENT_JOB, { eventId: id });
    if (pruned.rowCount > 0 || rows.length > 0)
      ctx.log.info({ pruned: pruned.rowCount, redriven: rows.length }, 'domain events swept');
  },
};
