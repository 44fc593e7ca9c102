/**
 * live.editors* (issue #25): 20 editors typing on one subtitle of 2,000 cues for BENCH_MINUTES
 * (1), a reviewer marking cues meanwhile, through the real server in a process of its own
 * (bench/live-editors-run.mts, bench/live-editors-server.mts). Prints the server's CPU and memory,
 * the update throughput, the remote-change latency under that load, the review guard's cost, and
 * "divergence: none" once every editor's document, and the cue rows the server stored, are the
 * same; any difference fails the bench.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { median } from './lib/browser-bench.mjs';

const LATENCY_GOAL_MS = 150;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const cpuMs = (from, to) => (to.cpu.user + to.cpu.system - from.cpu.user - from.cpu.system) / 1000;

export default async function liveEditors(ctx) {
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ');
  const loadBefore = load();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/live-editors-run.mts'], {
    cwd: ctx.root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`live-editors run exited with ${code}`);
  const r = JSON.parse(out.trim().split('\n').at(-1));
  const { idle, open, during, after } = r.stats;

  const seconds = r.typedMs / 1000;
  const serverCpuMs = cpuMs(open, during);
  const latencyMedian = round(median(r.latencies));
  const latencyP95 = round(percentile(r.latencies, 95));
  const guardCopy = round(median(r.guard.copyEachMs), 2);
  const guardKept = round(median(r.guard.keptMs), 2);
  ctx.log(
    `   ${r.editors} editors and a reviewer on ${r.cues} cues for ${round(seconds)} s: ${r.keystrokes} keystrokes, ${r.reviews} review marks`,
  );
  ctx.log(
    `   server CPU while typing: ${round(serverCpuMs / 1000)} s of ${round(seconds)} s = ${round((serverCpuMs / r.typedMs) * 100)} % of one core, ${round(serverCpuMs / r.keystrokes, 2)} ms per keystroke (app and PGlite, one process)`,
  );
  ctx.log(
    `   server memory (after GC): idle RSS ${mb(idle.memory.rss)} MB heap ${mb(idle.memory.heapUsed)} MB; 21 sockets open ${mb(open.memory.rss)} / ${mb(open.memory.heapUsed)}; after typing ${mb(during.memory.rss)} / ${mb(during.memory.heapUsed)}; all gone ${mb(after.memory.rss)} / ${mb(after.memory.heapUsed)} MB`,
  );
  ctx.log(
    `   server event loop while typing: delay p50 ${round(during.loop.p50Ms)}, p99 ${round(during.loop.p99Ms)}, max ${round(during.loop.maxMs)} ms; updates stored and not yet merged at the end of typing: ${during.storedUpdates}`,
  );
  ctx.log(
    `   throughput: ${round(r.keystrokes / seconds)} updates/s from the editors, ${round(r.received / seconds)} updates/s delivered to the documents (each to every other)`,
  );
  ctx.log(
    `   remote change under load (${r.latencies.length} keystrokes of 19 typists seen by one editor): median ${latencyMedian}, p95 ${latencyP95}, max ${round(Math.max(...r.latencies))} ms (goal <= ${LATENCY_GOAL_MS})`,
  );
  ctx.log(
    `   every edit stored ${round(r.savedMs)} ms and every document the same ${round(r.settledMs)} ms after the typing stopped; the cue rows read then (GET …/cues, pending edits written first) in ${round(r.rowsReadMs)} ms`,
  );
  ctx.log(
    `   review guard at ${r.cues} cues, per reviewer update: ${guardCopy} ms median copying the document each time, ${guardKept} ms with the copy kept (first ${round(r.guard.keptFirstMs, 2)} ms)`,
  );
  const { documents, stored, firstDifference } = r.divergence;
  if (documents > 0 || stored) {
    ctx.log(
      `   DIVERGENCE: ${documents} documents differ from the watcher's; stored rows ${stored ? 'differ' : 'match'} ${JSON.stringify(firstDifference)}`,
    );
    throw new Error('live-editors: the documents or the stored cues diverged');
  }
  ctx.log(`   divergence: none (${r.editors + 1} documents and the stored cues identical)`);
  ctx.log(`   machine load: ${loadBefore} before, ${load()} after (1/5/15 min) on ${os.cpus().length} cores`);
  return {
    'live.editorsServerCpuPercent': { value: round((serverCpuMs / r.typedMs) * 100), unit: '% of a core' },
    'live.editorsServerCpuPerKeystrokeMs': { value: round(serverCpuMs / r.keystrokes, 2), unit: 'ms' },
    'live.editorsServerRssAfterMb': { value: mb(after.memory.rss), unit: 'MB' },
    'live.editorsServerHeapAfterMb': { value: mb(after.memory.heapUsed), unit: 'MB' },
    'live.editorsUpdatesPerSecond': { value: round(r.keystrokes / seconds), unit: 'updates/s' },
    'live.editorsRemoteChangeMedianMs': { value: latencyMedian, unit: 'ms', goal: `<= ${LATENCY_GOAL_MS}` },
    'live.editorsRemoteChangeP95Ms': { value: latencyP95, unit: 'ms', goal: `<= ${LATENCY_GOAL_MS}` },
    'live.reviewGuardMs': { value: guardKept, unit: 'ms' },
  };
}
