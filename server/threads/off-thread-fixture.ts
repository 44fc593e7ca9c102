import { isMainThread } from 'node:worker_threads';

/** A task for off-thread.test.ts: proves it ran on a worker thread. */
export function threadInfo(a: number, b: number): { sum: number; mainThread: boolean } {
  return { sum: a + b, mainThread: isMainThread };
}
