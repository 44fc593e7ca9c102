import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { deliverEvent } from '../../server/events/event-delivery';
import { sweepEventsJob } from '../../server/events/event-sweep';
import { serverSdk as sdk } from '../../server/server-sdk';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';

/**
 * Domain events (server/events): published in the transaction of the change into the outbox,
 * delivered after it commits by the events.deliver job to in-process subscribers of any plugin,
 * once per subscriber for what the subscriber writes. The probe is an outside plugin: built with
 * the server SDK alone (sdk.defineDomainEvent, sdk.subscribeTo), loaded as PLUGINS_DIR's are,
 * and it writes what it hears into its own table.
 */
const NOTED = sdk.defineDomainEvent<{ note: string }>('event-probe.noted', 1);
/** Notes whose first delivery dies after the subscriber wrote, before the delivery is marked done. */
const DIE_ONCE = new Set<string>();
/** Calls of the subscriber per event id (a call that died counts too). */
const calls = new Map<string, number>();

const probePlugin = sdk.defineServerPlugin({
  id: 'event-probe',
  apiVersion: sdk.apiVersion,
  migrations: [
    {
      id: '202612270100_event_probe_heard',
      sql: 'CREATE TABLE event_probe_heard (event_id uuid NOT NULL, note text NOT NULL, workspace_id bigint)',
    },
  ],
  subscriptions: [
    sdk.subscribeTo(NOTED, 'event-probe.record', async (event, { tx }) => {
      calls.set(event.id, (calls.get(event.id) ?? 0) + 1);
      await tx.query('INSERT INTO event_probe_heard (event_id, note, workspace_id) VALUES ($1, $2, $3)', [
        event.id,
        event.payload.note,
        event.workspaceId,
      ]);
      if (DIE_ONCE.delete(event.payload.note)) throw new Error('worker killed mid-delivery (simulated)');
    }),
  ],
});

const heard = async (ctx: TestAppContext, eventId: string) =>
  (await ctx.db.query<{ note: string }>('SELECT note FROM event_probe_heard WHERE event_id = $1', [eventId])).rows.map(
    (row) => row.note,
  );

/** Polls until the outbox marks the event delivered (its retries wait a second or two); a bound, not a timing claim. */
async function delivered(ctx: TestAppContext, eventId: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await ctx.db.query<{ done: boolean }>(
      'SELECT delivered_at IS NOT NULL AS done FROM domain_events WHERE id = $1',
      [eventId],
    );
    if (rows[0]?.done) return;
    if (Date.now() > deadline) throw new Error(`Event ${eventId} not delivered within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const publishCommitted = (ctx: TestAppContext, note: string) =>
  ctx.db.transaction((tx) => ctx.app.events.publish(tx, NOTED, { note }));

describeOnBothDatabases('domain events', { outsidePlugins: [probePlugin] }, (ctx) => {
  it('never delivers an event whose transaction rolled back', async () => {
    let eventId = '';
    await expect(
      ctx.db.transaction(async (tx) => {
        eventId = await ctx.app.events.publish(tx, NOTED, { note: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // An event committed after it is delivered: the queue has run past the rolled-back one.
    const later = await publishCommitted(ctx, 'after the rollback');
    await delivered(ctx, later);
    await ctx.runJobs();

    expect(eventId).not.toBe('');
    expect(await heard(ctx, eventId)).toEqual([]);
    expect(calls.get(eventId)).toBeUndefined();
    expect((await ctx.db.query('SELECT 1 FROM domain_events WHERE id = $1', [eventId])).rows).toEqual([]);
    expect((await ctx.db.query('SELECT 1 FROM pgboss.job WHERE id = $1', [eventId])).rows).toEqual([]);
    expect(await heard(ctx, later)).toEqual(['after the rollback']);
  });

  it('delivers a committed event once, with its tenant, id and payload; a second delivery of it is skipped', async () => {
    const { rows } = await ctx.db.query<{ id: string; account_id: string }>(
      'INSERT INTO accounts (name) VALUES ($1) RETURNING id::text, id::text AS account_id',
      ['Events'],
    );
    const workspace = await ctx.db.query<{ id: string }>(
      'INSERT INTO workspaces (account_id, name) VALUES ($1, $2) RETURNING id::text',
      [rows[0].id, 'Events'],
    );
    const workspaceId = workspace.rows[0].id;
    const eventId = await ctx.db.transaction((tx) =>
      ctx.app.events.publish(tx, NOTED, { note: 'committed' }, { accountId: rows[0].id, workspaceId }),
    );
    await delivered(ctx, eventId);
    expect(await heard(ctx, eventId)).toEqual(['committed']);
    expect(calls.get(eventId)).toBe(1);
    const stored = await ctx.db.query<{ name: string; version: number; workspace_id: string }>(
      'SELECT name, version, workspace_id::text FROM domain_events WHERE id = $1',
      [eventId],
    );
    expect(stored.rows[0]).toEqual({ name: 'event-probe.noted', version: 1, workspace_id: workspaceId });
    expect(
      (
        await ctx.db.query<{ workspace_id: string }>(
          'SELECT workspace_id::text FROM event_probe_heard WHERE event_id = $1',
          [eventId],
        )
      ).rows,
    ).toEqual([{ workspace_id: workspaceId }]);

    // At least once: pg-boss may run a job again (its completion lost with the worker). The
    // subscriber's mark makes the second run skip it.
    await ctx.app.jobs.send('events.deliver', { eventId });
    await ctx.runJobs();
    expect(calls.get(eventId)).toBe(1);
    expect(await heard(ctx, eventId)).toEqual(['committed']);
  });

  it('delivers once what a worker killed mid-delivery left: the next worker runs it, what the first wrote is gone', async () => {
    DIE_ONCE.add('dies once');
    const eventId = await publishCommitted(ctx, 'dies once');
    await delivered(ctx, eventId);
    // Run twice (the first died before its delivery was marked done), kept once.
    expect(calls.get(eventId)).toBe(2);
    expect(await heard(ctx, eventId)).toEqual(['dies once']);
    const marks = await ctx.db.query('SELECT subscriber FROM domain_event_deliveries WHERE event_id = $1', [eventId]);
    expect(marks.rows).toEqual([{ subscriber: 'event-probe.record' }]);
  });

  it('the sweep queues again an event whose job gave up, and removes events delivered over 30 days ago', async () => {
    const givenUp = randomUUID();
    const old = randomUUID();
    const insert = `INSERT INTO domain_events (id, name, version, payload, occurred_at, delivered_at) VALUES ($1, 'event-probe.noted', 1, $2, now() - make_interval(mins => $3), $4)`;
    await ctx.db.query(insert, [givenUp, JSON.stringify({ note: 'given up' }), 45, null]);
    await ctx.db.query(insert, [
      old,
      JSON.stringify({ note: 'long ago' }),
      31 * 24 * 60,
      new Date(Date.now() - 31 * 86_400_000),
    ]);
    const { app } = ctx;
    const log = { info: () => {}, error: () => {} };
    const jobContext = {
      db: ctx.db,
      log,
      config: app.config,
      storage: app.storage,
      jobs: app.jobs,
      mailer: app.mailer,
      services: app.services,
      extensions: app.extensions,
      events: app.events,
      accountData: app.accountData,
    };
    await sweepEventsJob.handler({}, { ...jobContext, shutdown: new AbortController().signal });
    await delivered(ctx, givenUp);
    expect(await heard(ctx, givenUp)).toEqual(['given up']);
    expect((await ctx.db.query('SELECT 1 FROM domain_events WHERE id = $1', [old])).rows).toEqual([]);
  });

  it('a second worker takes over an event whose first worker was killed mid-delivery; the subscriber keeps it once', async () => {
    // Delivered by two workers of this test's own (deliverEvent, as the events.deliver job runs it); the app has no subscriber for it.
    const HANDED_OVER = sdk.defineDomainEvent<{ note: string }>('event-probe.handedOver', 1);
    const eventId = await ctx.db.transaction((tx) => ctx.app.events.publish(tx, HANDED_OVER, { note: 'handed over' }));
    let kill: (error: Error) => void = () => {};
    const killed = new Promise<never>((_, reject) => (kill = reject));
    let entered: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let handled = 0;
    const worker = (dies: boolean) => ({
      db: ctx.db,
      events: ctx.app.events,
      services: ctx.app.services,
      log: { info: () => {}, error: () => {} },
      subscriptions: [
        sdk.subscribeTo(HANDED_OVER, 'event-probe.handover', async (event, { tx }) => {
          handled += 1;
          await tx.query('INSERT INTO event_probe_heard (event_id, note) VALUES ($1, $2)', [
            event.id,
            event.payload.note,
          ]);
          if (dies) {
            entered();
            await killed; // the process dies here: its transaction never commits
          }
        }),
      ],
    });
    const first = deliverEvent(eventId, worker(true));
    await inHandler;
    // The next worker comes while the first still holds the event (on PostgreSQL it waits on the first's claim).
    const second = deliverEvent(eventId, worker(false));
    kill(new Error('worker killed'));
    await expect(first).rejects.toThrow('not handled by event-probe.handover');
    await second;
    expect(handled).toBe(2);
    expect(await heard(ctx, eventId)).toEqual(['handed over']);
    // pg-boss may run the job once more: the subscriber is not called again.
    await deliverEvent(eventId, worker(false));
    expect(handled).toBe(2);
  });
});
