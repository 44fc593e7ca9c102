/**
 * pipeline.realTimeFactor: wall time of a whole plain pipeline (fetch, probe, 16 kHz audio,
 * speech to text in parallel chunks, segmentation, en -> es translation, finish) divided by the
 * video's length, on a generated 2-minute video, with the embedded engines (pocketsphinx,
 * apertium) and the embedded default deployment (one process, PGlite, in-process worker). The
 * harness is bench/pipeline-harness.mts. Also logged: CPU time of the process and its engines
 * (what the figure would approach on an idle machine with enough cores) and the load average,
 * because other work on the box stretches the wall time.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MINUTES = Number(process.env.BENCH_PIPELINE_MINUTES ?? 2);
const GOAL = 0.35;

export function runHarness(ctx, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/pipeline-harness.mts', ...args], {
      cwd: ctx.root,
      stdio: ['ignore', 'pipe', 2],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`pipeline harness exited with ${code}: ${last}`));
      try {
        resolve({ pid: child.pid, ...JSON.parse(last) });
      } catch {
        reject(new Error(`pipeline harness printed no result: ${stdout.slice(-500)}`));
      }
    });
  });
}

export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

export default async function pipelineRealtime(ctx) {
  ctx.log(`   load average before: ${loadAverage()}`);
  const result = await runHarness(ctx, ['realtime', String(MINUTES)]);
  ctx.log(
    `   ${MINUTES} min video: wall ${result.wallMs} ms, CPU ${result.cpuMs} ms, steps ${JSON.stringify(result.stepsMs)}; load average after: ${loadAverage()}`,
  );
  return {
    'pipeline.realTimeFactor': {
      value: Math.round((result.wallMs / result.videoMs) * 1000) / 1000,
      unit: 'x',
      goal: `<= ${GOAL}`,
    },
  };
}
