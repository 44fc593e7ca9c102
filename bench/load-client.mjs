/**
 * A small closed-loop HTTP load client for the benches that need more than one repeated URL
 * (bench/project-versions-mix.mjs, bench/load.bench.mjs): keep-alive sockets, every request
 * timed and filed under a kind, percentiles per kind. node:http rather than fetch: at a few
 * thousand requests a second on a shared 2-core box the client's own CPU matters.
 */
import http from 'node:http';

/** One request; resolves with { status, headers, body (Buffer) } — never rejects on HTTP status. */
export function request(agent, base, { method = 'GET', path, headers = {}, body }) {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

export const keepAliveAgent = (sockets) => new http.Agent({ keepAlive: true, maxSockets: sockets });

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round1 = (value) => Math.round(value * 10) / 10;

/** Latencies and errors per kind of request. */
export class Recorder {
  constructor() {
    this.kinds = new Map();
    this.started = performance.now();
  }

  entry(kind) {
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { ms: [], errors: 0, statuses: {} }));
    return entry;
  }

  /** Times `send()`; a status outside `ok` (default 2xx/3xx) or a thrown error counts as an error. */
  async time(kind, send, ok = (status) => status < 400) {
    const entry = this.entry(kind);
    const started = performance.now();
    try {
      const response = await send();
      entry.ms.push(performance.now() - started);
      if (!ok(response.status)) {
        entry.errors += 1;
        entry.statuses[response.status] = (entry.statuses[response.status] ?? 0) + 1;
      }
      return response;
    } catch (error) {
      entry.errors += 1;
      entry.statuses[error.code ?? 'error'] = (entry.statuses[error.code ?? 'error'] ?? 0) + 1;
      return null;
    }
  }

  /** { kind: { n, errors, p50, p95, p99, max, statuses } } plus `all`, and requests a second over the run. */
  summary() {
    const seconds = (performance.now() - this.started) / 1000;
    const out = {};
    const all = [];
    let errors = 0;
    for (const [kind, entry] of [...this.kinds.entries()].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...entry.ms].sort((a, b) => a - b);
      all.push(...entry.ms);
      errors += entry.errors;
      out[kind] = {
        n: sorted.length,
        errors: entry.errors,
        p50: round1(percentile(sorted, 50)),
        p95: round1(percentile(sorted, 95)),
        p99: round1(percentile(sorted, 99)),
        max: round1(sorted.at(-1) ?? 0),
        statuses: entry.statuses,
      };
    }
    all.sort((a, b) => a - b);
    out.all = {
      n: all.length,
      errors,
      p50: round1(percentile(all, 50)),
      p95: round1(percentile(all, 95)),
      p99: round1(percentile(all, 99)),
      max: round1(all.at(-1) ?? 0),
    };
    return { kinds: out, seconds: round1(seconds), rps: Math.round(all.length / seconds) };
  }
}

/** "kind  n  errors  p50  p95  p99  max" lines for ctx.log. */
export function formatSummary({ kinds, seconds, rps }) {
  const lines = [`   ${seconds} s, ${rps} req/s`];
  for (const [kind, s] of Object.entries(kinds)) {
    const statuses = Object.keys(s.statuses ?? {}).length > 0 ? ` ${JSON.stringify(s.statuses)}` : '';
    lines.push(
      `   ${kind.padEnd(22)} n=${String(s.n).padStart(7)} err=${s.errors} p50=${s.p50} p95=${s.p95} p99=${s.p99} max=${s.max} ms${statuses}`,
    );
  }
  return lines.join('\n');
}

/** Runs `concurrency` loops of `step()` until `seconds` are over. */
export async function closedLoop(concurrency, seconds, step) {
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (performance.now() < until) await step(worker);
    }),
  );
}
