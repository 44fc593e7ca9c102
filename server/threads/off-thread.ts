import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/**
 * Work too long for the event loop (a 100,000-cue subtitle read, written or zipped takes 0.3–3 s of
 * CPU), run on a pool of worker threads so no request holds the others up (issue 22: /healthz
 * stalled 10 s during a big import). Any module's export can be a task: it gets and returns
 * structured-cloneable values, so tasks pass strings and typed arrays, not object graphs of
 * 100,000 items (cloning those back would cost the main thread what the thread saved).
 *
 * One pool per process, made on first use: at most one thread per core but one (the event loop
 * keeps its core) and at least one; idle threads end after a minute, so an idle server holds none.
 */
let pool: Piscina | null = null;

function threads(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./thread-entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });
  return pool;
}

/** Runs `name` of the module at `moduleUrl` (pass `import.meta.url`-relative URLs) on a worker thread. */
export function runOffThread<T>(moduleUrl: string | URL, name: string, ...args: unknown[]): Promise<T> {
  return threads().run({ module: String(moduleUrl), name, args }) as Promise<T>;
}

/** Ends the pool's threads (app close: a test process or a stopping server must not keep them). */
export async function closeThreads(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
