/**
 * Webhook fan-out: 1,000 `projects.versionCreated` events of one workspace with 10 endpoints on
 * local receivers, each event published in a transaction of its own, on PostgreSQL with the app's
 * job queue working in the same process (bench/webhook-fanout-run.mts). Each event becomes 10
 * deliveries in its publishing transaction; jobs sign and POST them. Figures: whether all 10,000
 * arrived (distinct endpoint and webhook-id), the time from the first publish to the last
 * arrival, deliveries per second over that time, and the publishing time and the lag after it.
 * Measured 2026-11-27 on the shared 2-core box (load ~16): all 10,000 delivered, last after
 * 53.3 s, 187/s, publishing 42 s of it.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export default async function webhookFanoutBench(ctx) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/webhook-fanout-run.mts'], {
    cwd: ctx.root,
    stdio: ['ignore', 'pipe', 2],
  });
  const result = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => (code === 0 ? null : reject(new Error(`the fan-out run exited with ${code}`))));
  });
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  ctx.log(
    `   ${result.delivered} of ${result.expected} delivered; published in ${result.publishMs} ms; last arrived after ${result.timeToLastMs} ms; rows ${JSON.stringify(result.statuses)}`,
  );
  const seconds = result.timeToLastMs / 1000;
  return {
    'webhooks.fanoutDeliveredShare': {
      value: Math.round((result.delivered / result.expected) * 1000) / 1000,
      unit: 'x',
      goal: '>= 1',
    },
    'webhooks.fanoutTimeToLastS': { value: Math.round(seconds * 10) / 10, unit: 's', goal: '' },
    'webhooks.fanoutDeliveriesPerS': { value: Math.round(result.delivered / seconds), unit: '/s', goal: '' },
    'webhooks.fanoutPublishMs': { value: result.publishMs, unit: 'ms', goal: '' },
    // Publishing (1,000 transactions one after another) takes most of the time on a loaded box:
    // how long the last deliveries came after the last event was published.
    'webhooks.fanoutLagAfterLastPublishS': {
      value: Math.round((result.timeToLastMs - result.publishMs) / 100) / 10,
      unit: 's',
      goal: '',
    },
  };
}
