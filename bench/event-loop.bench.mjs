/**
 * eventLoop.*: issue 22's "no request freezes the server", measured on the app as `npm start`
 * runs it (embedded PGlite, jobs in process): /healthz probed while the worst inputs run, one
 * after the other: a 1 MB TBX of 255,000 empty elements, an SRT of 100,000 cues (the cue limit),
 * GET and PUT of those cues, and their zip in six formats (bench/event-loop-run.mts; the probe is
 * tests/support/event-loop-probe.ts, shared with tests/http/event-loop.http.test.ts). Figures:
 * the event loop's delay p99 during the worst import (the SRT), and per input /healthz p99 and
 * max; then the same on PostgreSQL (eventLoop.postgres.*). The idle figure is the server's own: on
 * PGlite the job queue's polling runs on the loop too.
 */
import { spawn } from 'node:child_process';

function runChild(ctx, database) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, BENCH_LOOP_DB: database };
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/event-loop-run.mts'], {
      cwd: ctx.root,
      stdio: ['ignore', 'pipe', 2],
      env,
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) return reject(new Error(`bench/event-loop-run.mts exited with ${code} and no figures`));
      resolve(JSON.parse(line));
    });
  });
}

/** The figures of one database: `eventLoop.*` on PGlite (as `npm start`), `eventLoop.postgres.*` on PostgreSQL. */
function figuresOf(measured, prefix) {
  for (const name of ['idle', 'tbx', 'srtImport', 'cuesGet', 'cuesPut', 'zip']) {
    if (!measured[name]) throw new Error(`event-loop: no figure for ${name}`);
  }
  const figures = {
    [`${prefix}.worstImportDelayP99`]: { value: measured.srtImport.loopP99Ms, unit: 'ms', goal: '<= 100' },
    [`${prefix}.idleHealthzP99`]: { value: measured.idle.p99Ms, unit: 'ms' },
  };
  for (const name of ['tbx', 'srtImport', 'cuesGet', 'cuesPut', 'zip']) {
    figures[`${prefix}.${name}.healthzP99`] = { value: measured[name].p99Ms, unit: 'ms', goal: '<= 100' };
    figures[`${prefix}.${name}.healthzMax`] = { value: measured[name].maxMs, unit: 'ms' };
    figures[`${prefix}.${name}.loopDelayP99`] = { value: measured[name].loopP99Ms, unit: 'ms' };
  }
  return figures;
}

export default async function eventLoopBench(ctx) {
  ctx.log(
    'event-loop: worst inputs of issue 22 against the app on PGlite, then on PostgreSQL, /healthz probed meanwhile',
  );
  return {
    ...figuresOf(await runChild(ctx, 'pglite'), 'eventLoop'),
    ...figuresOf(await runChild(ctx, 'postgres'), 'eventLoop.postgres'),
  };
}
