/**
 * Load: LOAD_USERS (200) simulated people for LOAD_MINUTES (10; `--minutes=N` on the command line
 * too) against one web process and one worker process on PostgreSQL (bench/load-app.mts), each
 * person acting, thinking 0.5–2.5 s, acting again, over a mix of what people do in a day: the
 * projects list with filters and the next page (search words, labels, both), new projects,
 * labels put on many versions at once, bulk deletes of their own new projects, SRT imports,
 * subtitle downloads (zip), visitors on share pages, the processing page's poll, and set-ups
 * (LOAD_SETUPS_PER_MINUTE, 4) feeding the worker a short spoken video each.
 *
 * Printed: requests/s, errors and p50/p95/p99 per kind of request, the web process's heap after a
 * garbage collection before and after the run (and every minute), the runs the worker finished,
 * and the queue depth from /metrics. Figures: load.listP99Ms (goal <= 50), load.errors (0),
 * load.rps, load.heapGrowthMb, load.runsDone.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { formatSummary, keepAliveAgent, Recorder, request } from './load-client.mjs';
import { listShapes } from './project-versions-mix.mjs';

const argMinutes = process.argv.find((arg) => arg.startsWith('--minutes='))?.split('=')[1];
const MINUTES = Number(argMinutes ?? process.env.LOAD_MINUTES ?? 10);
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SETUPS_PER_MINUTE = Number(process.env.LOAD_SETUPS_PER_MINUTE ?? 4);
const WARM_UP_S = 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const TICK_MS = 1000 / 100; // USER_HZ

/** utime + stime (+ reaped children's cutime + cstime) of a process, in ms; 0 if gone. */
function processCpuMs(pid, withChildren = true) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks =
      Number(fields[11]) + Number(fields[12]) + (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);
    return ticks * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU of a PostgreSQL server: the postmaster (with its reaped backends) and its live children. */
function postgresCpuMs(dataDir) {
  let postmaster;
  try {
    postmaster = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return null; // a server of your own elsewhere (BENCH_DATABASE_URL): not measured
  }
  let total = processCpuMs(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === postmaster) total += processCpuMs(entry, false);
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

function startApp(ctx) {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/load-app.mts'], {
    cwd: ctx.root,
    stdio: ['pipe', 'pipe', 2],
    env: process.env,
  });
  const ready = new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`the load app exited with ${code}`)));
  });
  return { child, ready };
}

async function stopApp(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await exited;
  clearTimeout(timer);
}

/** multipart/form-data with one file field. */
function multipart(field, filename, content) {
  const boundary = `----polycue${Math.random().toString(16).slice(2)}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

const srt = (cues) =>
  Array.from({ length: cues }, (_, i) => {
    const stamp = (ms) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
    return `${i + 1}\n${stamp(i * 2000)} --> ${stamp(i * 2000 + 1500)}\nLine ${i + 1} of the load test\n`;
  }).join('\n');

/** One simulated person: what they do, in proportions (weights). */
function person(http, workspace, user, recorder) {
  const json = {
    cookie: user.cookie,
    'x-csrf-token': user.csrf,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const read = { cookie: user.cookie, accept: 'application/json' };
  const shapes = listShapes(workspace.labelIds);
  const seen = [];
  const mine = [];
  const call = (kind, options) => recorder.time(kind, () => http(options));

  const list = async (kind, params) => {
    const query = new URLSearchParams({ workspaceId: workspace.id, ...params });
    const response = await call(kind, { path: `/api/v1/project_versions?${query}`, headers: read });
    return response?.status === 200 ? JSON.parse(response.body.toString()) : null;
  };
  const actions = [
    [
      45,
      async () => {
        const [, make] = pick(shapes);
        const params = make();
        const page = await list('list', params);
        if (!page) return;
        seen.push(...page.data.map((row) => row.id));
        if (seen.length > 400) seen.splice(0, seen.length - 400);
        if (page.meta.nextCursor && Math.random() < 0.3)
          await list('list', { ...params, page: '2', after: page.meta.nextCursor });
      },
    ],
    [
      6,
      async () => {
        const response = await call('createProject', {
          method: 'POST',
          path: '/api/v1/projects/',
          headers: json,
          body: JSON.stringify({
            workspaceId: workspace.id,
            title: `w0${Math.floor(Math.random() * 999)}harbor new interview`,
          }),
        });
        if (response?.status === 201) mine.push(JSON.parse(response.body.toString()).data[0].id);
      },
    ],
    [
      8,
      async () => {
        if (seen.length < 20) return;
        const ids = [...new Set(seen.slice(-200))];
        await call('labelBulk', {
          method: 'POST',
          path: '/api/v1/project_version_labels/',
          headers: json,
          body: JSON.stringify({ labelId: pick(workspace.labelIds), selectedProjectVersionIds: ids }),
        });
      },
    ],
    [
      3,
      async () => {
        if (mine.length === 0) return;
        await call('deleteBulk', {
          method: 'DELETE',
          path: '/api/v1/project_versions/',
          headers: json,
          body: JSON.stringify({ workspaceId: workspace.id, projectVersionIds: mine.splice(0) }),
        });
      },
    ],
    [
      6,
      async () => {
        const { versionId, subtitleId } = pick(workspace.shared);
        const form = multipart('srt_content', 'import.srt', srt(40 + Math.floor(Math.random() * 160)));
        await call('importSrt', {
          method: 'POST',
          path: `/api/v1/project_versions/${versionId}/subtitles/${subtitleId}/import_srt`,
          headers: { ...json, 'content-type': form.type },
          body: form.body,
        });
      },
    ],
    [
      6,
      async () => {
        const ids = workspace.shared.map((s) => s.versionId).join(',');
        await call('download', {
          path: `/api/v1/project_versions/download_subtitles?workspaceId=${workspace.id}&projectVersionIds=${ids}&formats=srt,vtt`,
          headers: read,
        });
      },
    ],
    [
      10,
      async () => {
        const { token } = pick(workspace.shared);
        await call('sharePage', { path: `/share/${token}`, headers: { accept: 'text/html' } });
        await call('shareApi', { path: `/api/v1/shared/${token}`, headers: { accept: 'application/json' } });
        await call('shareApi', { path: `/api/v1/shared/${token}/subtitles.vtt`, headers: { accept: 'text/vtt' } });
      },
    ],
    [
      5,
      async () => {
        await call('processingInfo', {
          path: `/api/v1/project_versions/${pick(workspace.media)}/show_processing_info`,
          headers: read,
        });
      },
    ],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  return async () => {
    let roll = Math.random() * total;
    for (const [weight, action] of actions) {
      if ((roll -= weight) < 0) return action();
    }
  };
}

export default async function loadBench(ctx) {
  const { child, ready } = startApp(ctx);
  try {
    const app = await ready;
    const agent = keepAliveAgent(USERS + 20);
    const http = (options) => request(agent, app.base, options);
    const heap = async () => JSON.parse((await http({ path: '/bench/heap' })).body.toString());
    const setupQueue = app.workspaces.flatMap((w) => w.media.map((versionId) => ({ workspace: w, versionId })));
    const run = async (seconds, recorder) => {
      const until = performance.now() + seconds * 1000;
      const people = Array.from({ length: USERS }, (_, i) => {
        const workspace = app.workspaces[i % app.workspaces.length];
        return person(
          http,
          workspace,
          workspace.users[Math.floor(i / app.workspaces.length) % workspace.users.length],
          recorder,
        );
      });
      const setups = async () => {
        while (performance.now() < until - 1000 && setupQueue.length > 0) {
          const { workspace, versionId } = setupQueue.splice(Math.floor(Math.random() * setupQueue.length), 1)[0];
          const { cookie, csrf } = workspace.users[0];
          await recorder.time('setup', () =>
            http({
              method: 'PUT',
              path: '/api/v1/project_versions/setup',
              headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
              body: JSON.stringify({
                projectVersionIds: [versionId],
                includesTranscript: false,
                workspaceId: workspace.id,
                settings: { language: 'en', subtitleLanguages: [] },
              }),
            }),
          );
          await sleep(Math.min(60_000 / SETUPS_PER_MINUTE, until - performance.now()));
        }
      };
      await Promise.all([
        setups(),
        ...people.map(async (act, i) => {
          await sleep((i / USERS) * 2000); // people arrive over two seconds
          while (performance.now() < until) {
            await act();
            await sleep(500 + Math.random() * 2000);
          }
        }),
      ]);
    };

    ctx.log(`   ${USERS} people in ${app.workspaces.length} workspaces; warm-up ${WARM_UP_S} s, then ${MINUTES} min`);
    await run(WARM_UP_S, new Recorder());
    const before = await heap();
    const cpuBefore = { postgres: postgresCpuMs(app.postgresDataDir), worker: processCpuMs(app.workerPid) };
    const heapSeries = [mb(before.heapUsed)];
    const recorder = new Recorder();
    const sampler = setInterval(() => void heap().then((h) => heapSeries.push(mb(h.heapUsed))), 60_000);
    await run(MINUTES * 60, recorder);
    clearInterval(sampler);
    await sleep(3000);
    const after = await heap();
    const cpuAfter = { postgres: postgresCpuMs(app.postgresDataDir), worker: processCpuMs(app.workerPid) };
    heapSeries.push(mb(after.heapUsed));
    const summary = recorder.summary();
    ctx.log(formatSummary(summary));
    // CPU per request: what the capacity model scales (wall-clock figures move with the box's load).
    const perRequest = (ms) => (ms === null ? null : Math.round((ms / summary.kinds.all.n) * 100) / 100);
    const webCpuMs = after.cpuMs - before.cpuMs;
    const postgresCpu = cpuBefore.postgres === null ? null : cpuAfter.postgres - cpuBefore.postgres;
    ctx.log(
      `   CPU over the run: web ${Math.round(webCpuMs)} ms (${perRequest(webCpuMs)} ms/request), PostgreSQL ${postgresCpu === null ? 'n/a' : `${Math.round(postgresCpu)} ms (${perRequest(postgresCpu)} ms/request)`}, worker with its engines ${Math.round(cpuAfter.worker - cpuBefore.worker)} ms; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
    ctx.log(
      `   web heap used after GC: before ${mb(before.heapUsed)} MB, after ${mb(after.heapUsed)} MB (rss ${mb(before.rss)} -> ${mb(after.rss)} MB); every minute: ${heapSeries.join(', ')}`,
    );

    const metrics = (
      await http({ path: '/metrics', headers: { authorization: `Bearer ${app.metricsToken}` } })
    ).body.toString();
    const depth = metrics.split('\n').filter((line) => /queue_depth/.test(line) && !line.startsWith('#'));
    ctx.log(`   /metrics queue depth: ${depth.join('; ') || 'n/a'}`);
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    const { rows: runs } = await db.query(
      `SELECT state, count(*)::int AS n, coalesce(sum(media_duration_ms), 0)::int AS media_ms, extract(epoch FROM max(finished_at) - min(created_at))::float AS span_s FROM pipeline_runs GROUP BY state ORDER BY state`,
    );
    const { rows: failures } = await db.query(
      `SELECT failure_step AS step, left(failure_message, 160) AS message, count(*)::int AS n FROM pipeline_runs WHERE state = 'failed' GROUP BY 1, 2`,
    );
    await db.end();
    for (const failure of failures) ctx.log(`   failed runs: ${failure.n} at ${failure.step}: ${failure.message}`);
    ctx.log(
      `   pipeline runs: ${runs.map((r) => `${r.state} ${r.n} (${Math.round(r.media_ms / 1000)} s of video${r.span_s ? ` in ${Math.round(r.span_s)} s` : ''})`).join(', ')}`,
    );
    agent.destroy();

    const done = runs.find((r) => r.state === 'done');
    const list = summary.kinds.list ?? { p99: 0, p50: 0 };
    return {
      'load.rps': { value: summary.rps, unit: 'req/s', goal: '' },
      'load.errors': { value: summary.kinds.all.errors, unit: 'errors', goal: '<= 0' },
      'load.listP50Ms': { value: list.p50, unit: 'ms', goal: '' },
      'load.listP99Ms': { value: list.p99, unit: 'ms', goal: '<= 50' },
      'load.allP99Ms': { value: summary.kinds.all.p99, unit: 'ms', goal: '' },
      'load.webCpuMsPerRequest': { value: perRequest(webCpuMs), unit: 'ms', goal: '' },
      'load.postgresCpuMsPerRequest': { value: perRequest(postgresCpu) ?? 0, unit: 'ms', goal: '' },
      'load.heapBeforeMb': { value: mb(before.heapUsed), unit: 'MB', goal: '' },
      'load.heapGrowthMb': {
        value: Math.round((mb(after.heapUsed) - mb(before.heapUsed)) * 10) / 10,
        unit: 'MB',
        goal: '<= 20',
      },
      'load.runsDone': { value: done?.n ?? 0, unit: 'runs', goal: '' },
      'load.runsFailed': { value: runs.find((r) => r.state === 'failed')?.n ?? 0, unit: 'runs', goal: '<= 0' },
    };
  } finally {
    await stopApp(child);
  }
}
