/**
 * Child process of bench/pipeline-realtime.bench.mjs and bench/pipeline-memory.bench.mjs (run
 * with `node --import tsx`): the app as `npm start` runs it (embedded PGlite, ROLE all: HTTP and
 * the in-process job worker in this one process, real engines), a generated video, a plain
 * en -> es set-up through the real route, and the processing info polled as the page does.
 *
 *   realtime <minutes>: runs the whole pipeline; prints { wallMs, videoMs, stepsMs }.
 *   memory <minutes> <chunks>: runs until the audio is extracted and chunked and <chunks>
 *     speech-to-text chunks are done, then prints { vmHwmMb, ... } (this process's peak RSS).
 *
 * The last stdout line is the JSON result; progress goes to stderr.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { PgliteDatabase } from '../server/db/pglite-database';
import { runProcess } from '../server/engines/process-runner';
import { serverPlugins } from '../server/plugins';
import { BILLING_PATHS } from '../plugins/billing/common/billing-contract';
import { cheapestPlanWhere } from '../plugins/billing/common/plans';
import { PIPELINE_PATHS, type ProcessingInfo } from '../plugins/pipeline/common/pipeline-contract';
import { seedVersionWithVideo } from '../tests/http/pipeline-test-kit';
import { seedMember } from '../tests/distributed/pipeline-seed';

const [mode = 'realtime', minutesArg = '2', chunksArg = '6'] = process.argv.slice(2);
const minutes = Number(minutesArg);
const log = (...parts: unknown[]) => console.error('  [pipeline]', ...parts);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SPEECH =
  'Good evening and welcome to the programme. Tonight we look at how the city has changed over the last ten years. ' +
  'Many people moved here for work, and the streets are busier than ever before. ' +
  'We asked some of them what they think about the new buildings near the river. ' +
  'Most of them said they like the parks, but they want more trains in the morning.';

/**
 * `minutes` of video: a spoken paragraph (espeak-ng) looped over a quiet noise bed and a sine,
 * under a 160x120 test pattern (1 fps for the hour-long one: the video stream is not what is
 * measured). ffmpeg generates it in one pass, streaming.
 */
async function generateVideo(dir: string): Promise<string> {
  const speech = path.join(dir, 'speech.wav');
  await runProcess('espeak-ng', ['-v', 'en-us+klatt', '-s', '160', '-w', speech], { input: SPEECH, timeoutMs: 60_000 });
  const seconds = Math.round(minutes * 60);
  const fps = minutes > 10 ? 1 : 10;
  const output = path.join(dir, 'video.mp4');
  await runProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=160x120:rate=${fps}`,
      '-stream_loop',
      '-1',
      '-i',
      speech,
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=0.01:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=220:duration=${seconds}`,
      '-filter_complex',
      '[1:a]apad=pad_dur=1.5,aresample=44100[s];[2:a]aresample=44100[n];[3:a]volume=0.01,aresample=44100[t];[s][n][t]amix=inputs=3:duration=shortest:normalize=0[a]',
      '-map',
      '0:v',
      '-map',
      '[a]',
      '-t',
      String(seconds),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      output,
    ],
    { timeoutMs: 30 * 60_000 },
  );
  return output;
}

/** CPU time of this process and the engine processes it waited for (pocketsphinx, ffmpeg, ...). */
function cpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0); // utime stime cutime cstime
  return Math.round((ticks * 1000) / 100);
}

function vmHwmMb(): number {
  const kb = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

/**
 * The bench measures the pipeline, not the plan: the account is put on the cheapest plan whose
 * monthly minutes hold the video (an hour needs more than Free's 30), through the billing routes
 * a person uses (the local provider's checkout), so the set-up is not refused with 402.
 */
async function chooseRoomyPlan(member: Awaited<ReturnType<typeof seedMember>>, videoMinutes: number): Promise<string> {
  const plan = cheapestPlanWhere((limits) => limits.minutesPerMonth >= videoMinutes);
  if (!plan) throw new Error(`no plan processes ${videoMinutes} minutes a month`);
  if (plan.id === 'free') return plan.id;
  const { rows } = await db.query<{ id: string }>('SELECT account_id::text AS id FROM workspaces WHERE id = $1', [
    member.workspaceId,
  ]);
  const started = await app.inject({
    method: 'POST',
    url: BILLING_PATHS.startCheckout,
    headers: member.headers,
    payload: { accountId: rows[0].id, plan: plan.id },
  });
  const session =
    started.statusCode === 200 ? new URL(started.json().redirect_uri, 'http://x').searchParams.get('session') : null;
  if (!session) throw new Error(`checkout for ${plan.id} answered ${started.statusCode}: ${started.body}`);
  const done = await app.inject({
    method: 'POST',
    url: BILLING_PATHS.completeLocalCheckout(session),
    headers: member.headers,
    payload: {},
  });
  if (done.statusCode !== 200)
    throw new Error(`completing the ${plan.id} checkout answered ${done.statusCode}: ${done.body}`);
  return plan.id;
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'polycue-pipeline-bench-'));
const db = await PgliteDatabase.open(null);
const config = {
  ...loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }),
  role: 'all' as const,
};
const app = await buildApp({ config, db, plugins: serverPlugins, logger: { level: 'error' } });
let result: Record<string, unknown> = {};
try {
  await app.ready();
  const generating = performance.now();
  const video = await generateVideo(dataDir);
  log(`generated ${minutes} min of video in ${Math.round(performance.now() - generating)} ms`);
  const member = await seedMember(db);
  log(`account on the ${await chooseRoomyPlan(member, minutes)} plan`);
  const { versionId } = await seedVersionWithVideo(db, app.storage, member.workspaceId, video, 'Bench video');
  const started = performance.now();
  const cpuAtStart = cpuMs();
  const setup = await app.inject({
    method: 'PUT',
    url: PIPELINE_PATHS.setup,
    headers: member.headers,
    payload: {
      projectVersionIds: [versionId],
      includesTranscript: false,
      workspaceId: member.workspaceId,
      settings: { language: 'en', subtitleLanguages: ['es'] },
    },
  });
  if (setup.statusCode !== 202) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
  const runId = setup.json().data[0].runId as string;
  const wantedChunks = Number(chunksArg);
  for (;;) {
    await sleep(500);
    const res = await app.inject({
      method: 'GET',
      url: PIPELINE_PATHS.showProcessingInfo(versionId),
      headers: member.headers,
    });
    const info = res.json().data as ProcessingInfo;
    if (info.state === 'failed') throw new Error(`run failed: ${JSON.stringify(info.failure)}`);
    if (mode === 'realtime' && info.state === 'done') break;
    if (mode === 'memory') {
      const { rows } = await db.query<{ total: number; done: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'done')::int AS done FROM pipeline_steps WHERE run_id = $1 AND step = 'speech_to_text'`,
        [runId],
      );
      if (rows[0].total > 0 && rows[0].done >= Math.min(wantedChunks, rows[0].total)) {
        result = { chunksPlanned: rows[0].total, chunksDone: rows[0].done };
        break;
      }
    }
  }
  const wallMs = Math.round(performance.now() - started);
  const { rows: steps } = await db.query<{ step: string; ms: number; parts: number }>(
    `SELECT step, round(extract(epoch FROM max(finished_at) - min(started_at)) * 1000)::int AS ms, count(*)::int AS parts
     FROM pipeline_steps WHERE run_id = $1 AND finished_at IS NOT NULL GROUP BY step ORDER BY min(started_at)`,
    [runId],
  );
  result = {
    ...result,
    wallMs,
    cpuMs: cpuMs() - cpuAtStart,
    videoMs: minutes * 60_000,
    vmHwmMb: vmHwmMb(),
    stepsMs: Object.fromEntries(steps.map((s) => [`${s.step}×${s.parts}`, s.ms])),
  };
} finally {
  // Memory mode stops mid-run: the rest of the run is not waited for.
  await Promise.race([app.close(), sleep(5000)]).catch(() => {});
  await Promise.race([db.close(), sleep(2000)]).catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(result));
process.exit(0);
