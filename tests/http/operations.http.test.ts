import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../support/test-app';
import { signUp } from './auth-test-helpers';

/**
 * What a load balancer and a monitoring system ask each process: alive, ready (database and job
 * queue), and metrics behind a token, in Prometheus text, counting what the process really did.
 */
describeOnBothDatabases('operations routes', { config: { metricsToken: 'scrape-secret' } }, (ctx) => {
  it('says it is alive and ready, naming the database, the queue and its plugins', async () => {
    const client = ctx.client();
    const live = await client.get('/healthz');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ ok: true });
    const ready = await client.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ready: true, checks: { database: 'ok', queue: 'ok' } });
    // The plugins this process runs: a build without an optional folder is told apart by it.
    expect(ready.body.plugins).toEqual(expect.arrayContaining(['accounts', 'auth', 'projects']));
    expect(ready.body.plugins).toEqual([...ready.body.plugins].sort());
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('gives every answer a request id (the proxy one when sane), as its log lines carry', async () => {
    const client = ctx.client();
    expect((await client.get('/healthz')).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect((await client.get('/healthz', { headers: { 'x-request-id': 'edge-42.a' } })).headers['x-request-id']).toBe(
      'edge-42.a',
    );
    expect(
      (await client.get('/healthz', { headers: { 'x-request-id': 'bad id <script>' } })).headers['x-request-id'],
    ).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows metrics only with the token, counting requests per route and jobs per queue', async () => {
    const client = ctx.client();
    await client.get('/healthz');
    await client.get('/healthz');
    expect((await client.get('/metrics')).status).toBe(401);
    expect((await client.get('/metrics', { headers: { authorization: 'Bearer wrong-secret!' } })).status).toBe(401);

    // A job the app really runs: a sign-up sends its confirmation mail through the queue.
    expect(
      (await signUp(ctx.client(), { email: `ops-${Date.now()}@example.com`, name: 'Ops', lastName: 'Test' })).status,
    ).toBeLessThan(400);
    await ctx.runJobs();

    const metrics = await client.get('/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = String(metrics.text ?? metrics.body);
    const healthz = /polycue_http_requests_total\{method="GET",route="\/healthz",status="200"\} (\d+)/.exec(text);
    expect(Number(healthz?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/polycue_http_request_duration_seconds_count\{method="GET",route="\/healthz"\} \d+/);
    expect(text).toMatch(/polycue_job_duration_seconds_count\{job="mail\.deliver",outcome="done"\} [1-9]/);
    expect(text).toMatch(/polycue_job_queue_depth\{queue="mail\.deliver"\} \d+/);
  });
});

describeOnBothDatabases('operations routes without METRICS_TOKEN', (ctx) => {
  it('keeps /metrics off', async () => {
    const response = await ctx.client().get('/metrics', { headers: { authorization: 'Bearer anything' } });
    expect(response.status).toBe(404);
    expect(response.body.error ?? response.body).toBeTruthy();
  });
});
