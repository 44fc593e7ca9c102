import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { DeliveryRepository, IN_FLIGHT_PER_ENDPOINT } from '../../plugins/webhooks/server/delivery-repository';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { confirmedUser } from './auth-test-helpers';

/**
 * Fairness between receivers: a receiver that hangs with a backlog must not hold every drain while
 * another workspace's receiver waits behind it. An endpoint with IN_FLIGHT_PER_ENDPOINT attempts in
 * flight is passed over; the others' due deliveries go first, and the slow one gets its turn again
 * as its attempts end.
 */
async function endpoint(ctx: TestAppContext, workspaceId: string, url: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (workspace_id, url, event_types, secret)
     VALUES ($1, $2, ARRAY['projects.versionCreated'], 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw') RETURNING id::text AS id`,
    [workspaceId, url],
  );
  return rows[0].id;
}

/** `count` deliveries due since `minutesAgo` minutes (the older, the sooner a claim takes them). */
async function due(ctx: TestAppContext, workspaceId: string, endpointId: string, count: number, minutesAgo: number) {
  for (let i = 0; i < count; i++) {
    await ctx.db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, body, occurred_at, next_attempt_at)
       VALUES ($1, $2, $3, 'projects.versionCreated', '{}', now(), now() - make_interval(secs => $4))`,
      [endpointId, workspaceId, randomUUID(), minutesAgo * 60 - i],
    );
  }
}

describeOnBothDatabases('Webhook deliveries are fair between receivers', (ctx) => {
  it('passes over an endpoint with its attempts in flight, so a slow backlog does not hold up another receiver', async () => {
    const slowOwner = await confirmedUser(ctx);
    const other = await confirmedUser(ctx);
    const slow = await endpoint(ctx, slowOwner.workspaceId, 'https://slow.example/hook');
    const quick = await endpoint(ctx, other.workspaceId, 'https://quick.example/hook');
    await due(ctx, slowOwner.workspaceId, slow, IN_FLIGHT_PER_ENDPOINT + 6, 60);
    await due(ctx, other.workspaceId, quick, 1, 1);
    const deliveries = new DeliveryRepository(ctx.db);

    // The slow receiver's backlog is older: it takes the first claims, up to its share in flight.
    const first = [];
    for (let i = 0; i < IN_FLIGHT_PER_ENDPOINT; i++) first.push(await deliveries.claim(60));
    expect(first.map((claim) => claim?.endpointId)).toEqual(Array(IN_FLIGHT_PER_ENDPOINT).fill(slow));
    // Then the other workspace's delivery goes, though the slow one's due rows are older.
    const next = await deliveries.claim(60);
    expect(next?.endpointId).toBe(quick);
    // Nothing else may be taken while the slow receiver still holds its share.
    expect(await deliveries.claim(60)).toBeNull();

    // One slow attempt ends (retried later): the slow receiver gets a turn again, one at a time.
    await deliveries.recordAttempt(
      first[0]!.id,
      { status: 'pending', responseStatus: null, excerpt: null },
      { error: 'timed out', durationMs: 10_000, retryInSeconds: 3600 },
    );
    expect((await deliveries.claim(60))?.endpointId).toBe(slow);
    expect(await deliveries.claim(60)).toBeNull();

    // An attempt whose worker died (its hold run out) frees the share too, and is due again itself.
    await ctx.db.query(`UPDATE webhook_deliveries SET claimed_until = now() - interval '1 second' WHERE id = $1`, [
      first[1]!.id,
    ]);
    const retaken = await deliveries.claim(60);
    expect(retaken?.endpointId).toBe(slow);
  });
});
