import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER } from '../../core/common/csrf';

/**
 * Issue 22's hard property, measured the same way by tests/http/event-loop.http.test.ts and
 * `npm run bench -- event-loop`: while a heavy request runs, /healthz is asked again and again
 * (5 ms after the previous answer, one at a time) and each answer's latency, counted from when
 * it was due, is a sample; the event loop's own delay
 * (perf_hooks.monitorEventLoopDelay) is recorded beside it. Requests go through app.inject, in
 * this process, so a request that holds the event loop delays the probes by exactly as much.
 * The heavy requests are prepared before probing and their answers are not parsed: the test's own
 * JSON work must not count against the server.
 */
export interface Probed<T> {
  result: T;
  samples: number;
  p99Ms: number;
  maxMs: number;
  loopP99Ms: number;
  loopMaxMs: number;
  /** The longest garbage-collection pause meanwhile (this process's, the test's heap included). */
  gcMaxMs: number;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] ?? 0;

export async function probeWhile<T>(app: FastifyInstance, work: () => Promise<T>): Promise<Probed<T>> {
  const latencies: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let done = false;
  const probing = (async () => {
    // Latency counts from when the probe was due, not from when the loop got round to sending
    // it: a loop held during the pause between two probes delays a real client as much.
    let due = performance.now();
    while (!done) {
      await app.inject({ method: 'GET', url: '/healthz' });
      const answered = performance.now();
      latencies.push(answered - due);
      due = answered + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  let gcMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  loop.enable();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    loop.disable();
    gc.disconnect();
    await probing;
  }
  const sorted = latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    result,
    samples: sorted.length,
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    loopP99Ms: round(loop.percentile(99) / 1e6),
    loopMaxMs: round(loop.max / 1e6),
    gcMaxMs: round(gcMaxMs),
  };
}

/** A signed-in browser as far as inject needs: the session cookie header and the CSRF token. */
export interface Caller {
  cookie: string;
  csrf: string | null;
}

/** One request with a prepared body; the answer's text is left unparsed. */
export async function rawRequest(
  app: FastifyInstance,
  caller: Caller,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: string | Buffer,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url,
    payload,
    headers: {
      cookie: caller.cookie,
      ...(method !== 'GET' && caller.csrf ? { [CSRF_HEADER.toLowerCase()]: caller.csrf } : {}),
      ...headers,
    },
  });
  return { status: res.statusCode, bytes: res.rawPayload.length, text: res.body };
}

/** The 1 MB TBX of 255,000 empty elements that froze the server for 2.2 s (issue 22). */
export const emptyElementsTbx = () =>
  `<martif type="TBX-Basic"><text><body>${'<e/>'.repeat(255_000)}</body></text></martif>`;

/** A multipart body with one file field, as a browser sends an import. */
export function multipartFile(
  field: string,
  filename: string,
  content: Buffer | string,
): { body: Buffer; contentType: string } {
  const boundary = `----probe${Date.now().toString(16)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
