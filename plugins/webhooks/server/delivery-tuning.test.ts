import { expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAYS_SECONDS, deliveryTuningFromEnv, maxAttemptsOf } from './delivery-tuning';

it('retries 8 attempts over more than a day by default, with growing waits', () => {
  const tuning = deliveryTuningFromEnv({});
  expect(maxAttemptsOf(tuning)).toBe(8);
  const span = tuning.retryDelaysSeconds.reduce((sum, delay) => sum + delay, 0);
  expect(span).toBeGreaterThanOrEqual(24 * 3600);
  expect(span).toBe(27 * 3600 + 35 * 60 + 5);
  expect([...tuning.retryDelaysSeconds].sort((a, b) => a - b)).toEqual(tuning.retryDelaysSeconds);
  expect(tuning.timeoutMs).toBe(10_000);
});

it('takes a shorter schedule and timeout from the environment, and ignores nonsense', () => {
  expect(deliveryTuningFromEnv({ WEBHOOK_RETRY_DELAYS_SECONDS: '1, 1', WEBHOOK_TIMEOUT_SECONDS: '2' })).toEqual({
    retryDelaysSeconds: [1, 1],
    timeoutMs: 2000,
  });
  for (const bad of ['-1', 'soon', '1.5,2'])
    expect(deliveryTuningFromEnv({ WEBHOOK_RETRY_DELAYS_SECONDS: bad }).retryDelaysSeconds).toEqual([
      ...DEFAULT_RETRY_DELAYS_SECONDS,
    ]);
  expect(deliveryTuningFromEnv({ WEBHOOK_TIMEOUT_SECONDS: '0' }).timeoutMs).toBe(10_000);
});
