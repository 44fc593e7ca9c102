/**
 * Project versions at scale, on PostgreSQL (the server a child process starts, see
 * bench/project-versions-app.mts), one workspace with 1,000,000 versions and labels on a share:
 *
 * (a) projectVersions.listVsHelloRatio / listP99Ms: autocannon, 50 connections, 10 s each, on
 *     GET /api/v1/project_versions with a label filter and a title search, and on a hello route
 *     of the same server. Both carry the member's session cookie, so both pass the same hooks
 *     (session lookup); the difference is the route's own work (authorization + list). The same
 *     request is repeated, so after the first it is answered from the pages kept under the
 *     workspace revision; listUncachedRps / listUncachedP99Ms measure the same request on an app
 *     that keeps none (LIST_CACHE_MB=0), i.e. the membership check + label check + list query
 *     every time.
 * (b) labels.bulkAssign10kMs / projectVersions.bulkDelete10kMs: one HTTP call labelling, then one
 *     deleting, 10,000 versions (median of 3 runs, disjoint id sets), measured at the client. The
 *     delete is what the user waits for (a soft delete); the projects.purgeDeleted job removes the
 *     rows in the background meanwhile, so later rounds run beside the purge of earlier ones.
 *
 * (c) projectVersions.mixList*: queries no one asked before, with writes between them
 *     (bench/project-versions-mix.mjs): 50 loops, 30 s, every request a new shape or a page
 *     the last write made stale; p50/p95/p99 of the list requests, goal p99 <= 50 ms; and the
 *     same mix one request at a time (mixSingle*), each shape's own cost without queueing.
 *
 * CPU per request (bench/project-versions-cpu.mjs, from /proc): the web process and the whole
 * PostgreSQL server, over the hello run, the uncached list run and the (c) mix at 50 concurrent
 * (projectVersions.mixCpuMsPerRequest, goal <= 2.5 ms; the mix's list req/s, goal >= 700).
 * On a shared box req/s moves with everyone else's load; CPU per request moves far less.
 *
 * BENCH_VERSIONS overrides the million (e.g. for a quick try); BENCH_PV_ONLY=mix runs (c) alone;
 * BENCH_APP_NODE_ARGS passes flags to the app's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`:
 * NODE_OPTIONS refuses --cpu-prof).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuWindow, formatCpu, parentOf } from './project-versions-cpu.mjs';
import { runListMix } from './project-versions-mix.mjs';

const DURATION_S = 10;
const MIX_SECONDS = Number(process.env.BENCH_PV_MIX_SECONDS ?? 30);
const CONNECTIONS = 50;
const START_TIMEOUT_MS = 10 * 60_000;

/**
 * The first list request starts the workspace's list model (plugins/projects/server/list-model),
 * built in the background while SQL answers; the mix is measured once it is built, as a web
 * process that has been up for a while serves it. Prints its build time and the app's memory.
 */
async function waitForListModel(base, app, headers, ctx) {
  if (!app.listModels) return ctx.log('   list models off (LIST_MODEL_MAX_VERSIONS=0): SQL answers every page');
  const before = await (await fetch(`${base}/bench/list-models`)).json();
  const started = Date.now();
  await fetch(`${base}/api/v1/project_versions?workspaceId=${app.workspaceId}&page=1&search=w0001harbor`, { headers });
  for (;;) {
    const state = await (await fetch(`${base}/bench/list-models`)).json();
    const built = state.built[app.workspaceId];
    if (built) {
      ctx.log(
        `   list model: ${built.versions} versions built in ${built.ms} ms; app RSS ${before.rssMb} -> ${state.rssMb} MB`,
      );
      return;
    }
    if (Date.now() - started > START_TIMEOUT_MS) throw new Error('the list model was not built in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function startApp(ctx) {
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_APP_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', 'bench/project-versions-app.mts'],
    {
      cwd: ctx.root,
      stdio: ['pipe', 'pipe', 2],
      env: process.env,
    },
  );
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench app did not start in time')), START_TIMEOUT_MS);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`the bench app exited with ${code}`)));
  });
  return { child, ready };
}

async function stopApp(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

function load(url, headers, duration = DURATION_S) {
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
}

/** A figure that came out empty or NaN fails the bench (exit 1) instead of printing a blank. */
function measured(figures) {
  const missing = Object.entries(figures).filter(
    ([, figure]) => typeof figure.value !== 'number' || !Number.isFinite(figure.value),
  );
  if (missing.length > 0) throw new Error(`figures not measured: ${missing.map(([name]) => name).join(', ')}`);
  return figures;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`${init.method} ${url} -> ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms, body };
}

export default async function projectVersionsBench(ctx) {
  const { child, ready } = startApp(ctx);
  try {
    const app = await ready;
    const base = `http://127.0.0.1:${app.port}`;
    const headers = { cookie: app.cookie, accept: 'application/json' };
    // 'Client B' sits on every 3rd version; the word matches 1 in 1,000 titles: 333 hits, newest 50 shown.
    const listUrl = `${base}/api/v1/project_versions?workspaceId=${app.workspaceId}&page=1&labels=${app.labelIds[1]}&search=w0042harbor`;
    const check = await fetch(listUrl, { headers });
    const page = await check.json();
    if (!check.ok || page.data.length === 0)
      throw new Error(`list answered ${check.status} with ${page.data?.length} rows`);
    ctx.log(
      `   ${app.versions} versions; list page 1 has ${page.data.length} rows, first "${page.data[0].attributes.title}"`,
    );

    const processes = { webPid: child.pid, postmasterPid: parentOf(app.postgresBackendPid) };

    const mixFigures = async () => {
      await waitForListModel(base, app, headers, ctx);
      await runListMix({ base, app, seconds: 3 }); // warm-up: plans, pool connections
      const window = cpuWindow(processes);
      const mix = await runListMix({ base, app, seconds: MIX_SECONDS });
      // Per request of the mix (its list requests and its 5 writes a second alike).
      const cpu = window.stop(mix.summary.kinds.all.n);
      ctx.log(
        `   list on new queries with writes between: ${mix.distinctQueries} distinct queries, ${mix.writes} writes\n${mix.text}`,
      );
      ctx.log(`   (c) at ${CONNECTIONS} concurrent: ${mix.list.rps} list req/s; ${formatCpu(cpu)}`);
      // The same mix one request at a time: each shape's own cost, without waiting in line for the CPU.
      const single = await runListMix({ base, app, seconds: 10, concurrency: 1 });
      ctx.log(`   the same, one request at a time:\n${single.text}`);
      return {
        'projectVersions.mixListP50Ms': { value: mix.list.p50, unit: 'ms', goal: '' },
        'projectVersions.mixListP95Ms': { value: mix.list.p95, unit: 'ms', goal: '' },
        'projectVersions.mixListP99Ms': { value: mix.list.p99, unit: 'ms', goal: '<= 50' },
        'projectVersions.mixListRps': { value: mix.list.rps, unit: 'req/s', goal: '>= 700' },
        'projectVersions.mixCpuMsPerRequest': { value: cpu.total, unit: 'ms', goal: '<= 2.5' },
        'projectVersions.mixWebCpuMsPerRequest': { value: cpu.web, unit: 'ms', goal: '' },
        'projectVersions.mixPostgresCpuMsPerRequest': { value: cpu.db, unit: 'ms', goal: '' },
        'projectVersions.mixSingleP50Ms': { value: single.list.p50, unit: 'ms', goal: '' },
        'projectVersions.mixSingleP99Ms': { value: single.list.p99, unit: 'ms', goal: '' },
        'projectVersions.mixErrors': { value: mix.summary.kinds.all.errors, unit: 'errors', goal: '<= 0' },
      };
    };
    if (process.env.BENCH_PV_ONLY === 'mix') return measured(await mixFigures());

    await load(listUrl, headers, 2); // warm-up: plans, caches, pool connections
    const helloWindow = cpuWindow(processes);
    const hello = await load(`${base}/bench/hello`, headers);
    const helloCpu = helloWindow.stop(hello.requests.total);
    ctx.log(`   hello route (session lookup + hooks, no list): ${formatCpu(helloCpu)}`);
    const list = await load(listUrl, headers);
    if (list.non2xx > 0 || list.errors > 0) throw new Error(`list: ${list.non2xx} non-2xx, ${list.errors} errors`);
    ctx.log(
      `   hello ${Math.round(hello.requests.average)} req/s p99 ${hello.latency.p99} ms; list ${Math.round(list.requests.average)} req/s p99 ${list.latency.p99} ms`,
    );
    // The same request where no page is kept (LIST_CACHE_MB=0): the query's own cost, every time.
    const uncachedUrl = listUrl.replace(`:${app.port}/`, `:${app.uncachedPort}/`);
    await load(uncachedUrl, headers, 2);
    const uncachedWindow = cpuWindow(processes);
    const uncached = await load(uncachedUrl, headers);
    const uncachedCpu = uncachedWindow.stop(uncached.requests.total);
    if (uncached.non2xx > 0 || uncached.errors > 0)
      throw new Error(`uncached list: ${uncached.non2xx} non-2xx, ${uncached.errors} errors`);
    ctx.log(
      `   list with no page kept ${Math.round(uncached.requests.average)} req/s p99 ${uncached.latency.p99} ms; ${formatCpu(uncachedCpu)}`,
    );

    const write = { ...headers, 'content-type': 'application/json', 'x-csrf-token': app.csrf };
    const assignMs = [];
    const deleteMs = [];
    for (const [round, ids] of app.bulkIdSets.entries()) {
      const label = await timed(`${base}/api/v1/labels/`, {
        method: 'POST',
        headers: write,
        body: JSON.stringify({ workspaceId: app.workspaceId, caption: `Bulk ${round} ${Date.now()}` }),
      });
      const assigned = await timed(`${base}/api/v1/project_version_labels/`, {
        method: 'POST',
        headers: write,
        body: JSON.stringify({ labelId: label.body.data.id, selectedProjectVersionIds: ids }),
      });
      if (assigned.body.data.attributes.projectVersionIds.length !== ids.length)
        throw new Error('bulk assign labelled fewer versions than sent');
      assignMs.push(assigned.ms);
    }
    for (const ids of app.bulkIdSets) {
      const deleted = await timed(`${base}/api/v1/project_versions/`, {
        method: 'DELETE',
        headers: write,
        body: JSON.stringify({ workspaceId: app.workspaceId, projectVersionIds: ids }),
      });
      if (deleted.body.data.ids.length !== ids.length) throw new Error('bulk delete removed fewer versions than sent');
      deleteMs.push(deleted.ms);
    }
    ctx.log(
      `   bulk assign ${assignMs.map(Math.round).join(', ')} ms; bulk delete ${deleteMs.map(Math.round).join(', ')} ms`,
    );
    const mix = await mixFigures();

    const round1 = (value) => Math.round(value * 10) / 10;
    return measured({
      'projectVersions.listVsHelloRatio': {
        value: Math.round((list.requests.average / hello.requests.average) * 1000) / 1000,
        unit: 'x',
        goal: '>= 0.25',
      },
      'projectVersions.listP99Ms': { value: list.latency.p99, unit: 'ms', goal: '<= 25' },
      'projectVersions.listRps': { value: Math.round(list.requests.average), unit: 'req/s', goal: '' },
      'projectVersions.helloRps': { value: Math.round(hello.requests.average), unit: 'req/s', goal: '' },
      'projectVersions.listUncachedRps': { value: Math.round(uncached.requests.average), unit: 'req/s', goal: '' },
      'projectVersions.listUncachedP99Ms': { value: uncached.latency.p99, unit: 'ms', goal: '' },
      'projectVersions.listUncachedCpuMsPerRequest': { value: uncachedCpu.total, unit: 'ms', goal: '<= 2.5' },
      'projectVersions.listUncachedWebCpuMsPerRequest': { value: uncachedCpu.web, unit: 'ms', goal: '' },
      'projectVersions.helloWebCpuMsPerRequest': { value: helloCpu.web, unit: 'ms', goal: '' },
      'labels.bulkAssign10kMs': { value: round1(median(assignMs)), unit: 'ms', goal: '<= 500' },
      'projectVersions.bulkDelete10kMs': { value: round1(median(deleteMs)), unit: 'ms', goal: '<= 500' },
      ...mix,
    });
  } finally {
    await stopApp(child);
  }
}
