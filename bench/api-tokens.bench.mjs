/**
 * apiTokens.bearerVsCookieListRatio: GET /api/v1/project_versions (a workspace of 2,000 versions,
 * the first page) by the same person, authenticated by an API token (`Authorization: Bearer`) and
 * by the browser's session cookie: requests per second with the token over those with the cookie
 * (goal >= 0.95: a script is not a second-class caller). autocannon, 20 connections, 5 s per
 * run after a warm-up, five rounds of one run each on the same server (bench/api-tokens-app.mts,
 * PostgreSQL), the first of a round alternating; the figure is the median of the rounds' ratios,
 * so a neighbour's load drifting in or out between rounds hurts neither way more. On a shared box
 * req/s still swings (0.77 to 1.02 between runs here); apiTokens.bearerVsCookieCpuCapacityRatio
 * is the steadier figure: CPU per request of the web process and PostgreSQL (/proc,
 * bench/project-versions-cpu.mjs), cookie's over the token's.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { cpuWindow, parentOf } from './project-versions-cpu.mjs';

const DURATION_S = 5;
const CONNECTIONS = 20;
const ROUNDS = 5;

function startApp(ctx) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-tokens-app.mts'], {
    cwd: ctx.root,
    stdio: ['pipe', 'pipe', 2],
    // The per-token limit (600 a minute by default) would be the figure otherwise.
    env: { ...process.env, API_TOKEN_RATE_LIMIT: '100000000' },
  });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bench app did not start in time')), 5 * 60_000);
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export default async function apiTokensBench(ctx) {
  const { child, ready } = startApp(ctx);
  try {
    const app = await ready;
    const url = `http://127.0.0.1:${app.port}/api/v1/project_versions?workspaceId=${app.workspaceId}&page=1`;
    const ways = {
      cookie: { cookie: app.cookie, accept: 'application/json' },
      bearer: { authorization: `Bearer ${app.token}`, accept: 'application/json' },
    };
    for (const [way, headers] of Object.entries(ways)) {
      const res = await fetch(url, { headers });
      if (!res.ok) throw new Error(`${way}: ${res.status} ${await res.text()}`);
      if ((await res.json()).data.length === 0) throw new Error(`${way}: an empty list`);
    }
    // Warm-up (JIT, prepared statements, kept list pages), not counted.
    for (const headers of Object.values(ways))
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
    const rps = { cookie: [], bearer: [] };
    const p99 = { cookie: [], bearer: [] };
    const ratios = [];
    const cpu = { cookie: [], bearer: [] };
    const processes = { webPid: child.pid, postmasterPid: parentOf(app.postgresBackendPid) };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which goes first, so a neighbour's load drifting in or out favours neither.
      const order = round % 2 === 0 ? ['cookie', 'bearer'] : ['bearer', 'cookie'];
      const pair = {};
      for (const way of order) {
        const window = cpuWindow(processes);
        const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: ways[way] });
        cpu[way].push(window.stop(result.requests.total).total);
        if (result.non2xx > 0 || result.errors > 0)
          throw new Error(`${way}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        rps[way].push(result.requests.average);
        p99[way].push(result.latency.p99);
        pair[way] = result.requests.average;
      }
      ratios.push(pair.bearer / pair.cookie);
    }
    ctx.log(
      `   req/s cookie ${rps.cookie.map(Math.round).join(', ')}; bearer ${rps.bearer.map(Math.round).join(', ')}`,
    );
    ctx.log(
      `   CPU ms per request (web + PostgreSQL) cookie ${cpu.cookie.join(', ')}; bearer ${cpu.bearer.join(', ')}`,
    );
    const ratio = Math.round(median(ratios) * 1000) / 1000;
    // What a request costs, which the neighbours' load moves far less than req/s: capacity with a
    // token over capacity with the cookie, on this server's CPU.
    const capacity = Math.round((median(cpu.cookie) / median(cpu.bearer)) * 1000) / 1000;
    return {
      'apiTokens.bearerVsCookieListRatio': { value: ratio, unit: 'x', goal: '>= 0.95' },
      'apiTokens.bearerVsCookieCpuCapacityRatio': { value: capacity, unit: 'x', goal: '>= 0.95' },
      'apiTokens.bearerCpuMsPerRequest': { value: median(cpu.bearer), unit: 'ms', goal: '' },
      'apiTokens.cookieCpuMsPerRequest': { value: median(cpu.cookie), unit: 'ms', goal: '' },
      'apiTokens.bearerListRps': { value: Math.round(median(rps.bearer)), unit: 'req/s', goal: '' },
      'apiTokens.cookieListRps': { value: Math.round(median(rps.cookie)), unit: 'req/s', goal: '' },
      'apiTokens.bearerListP99Ms': { value: median(p99.bearer), unit: 'ms', goal: '' },
    };
  } finally {
    await stopApp(child);
  }
}
