import type { ApiResponse } from '../../../../core';

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Asks at most this long for what the server is still making (a 2-hour film's peaks take about a minute the first time). */
const GIVE_UP_MS = 10 * 60 * 1000;

/**
 * Asks until the server has made what it derives from the media (the waveform, the shot changes):
 * while it answers 202 it asks again after the Retry-After it sends (at least half a second).
 */
export async function untilMade<T>(
  ask: () => Promise<ApiResponse<T>>,
  signal?: AbortSignal,
  giveUpMs = GIVE_UP_MS,
): Promise<ApiResponse<T>> {
  const started = Date.now();
  for (;;) {
    const res = await ask();
    if (res.status !== 202) return res;
    if (signal?.aborted || Date.now() - started > giveUpMs) throw new Error('Not ready yet');
    await wait(Math.max(500, Number(res.headers['retry-after'] ?? 1) * 1000), signal);
  }
}
