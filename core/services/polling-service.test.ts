import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimerPollingService } from './polling-service';

describe('TimerPollingService', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then every interval, until stopped', async () => {
    const polling = new TimerPollingService();
    const run = vi.fn();
    polling.start({ id: 'exports', intervalMs: 10_000, run });
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    polling.stop('exports');
    expect(polling.isRunning('exports')).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('never overlaps a slow run and survives a failing one', async () => {
    const polling = new TimerPollingService(undefined, { error: () => {} });
    let active = 0;
    let maxActive = 0;
    let calls = 0;
    polling.start({
      id: 'slow',
      intervalMs: 1_000,
      run: async () => {
        calls += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 5_000));
        active -= 1;
        if (calls === 1) throw new Error('network');
      },
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(maxActive).toBe(1);
    expect(calls).toBeGreaterThanOrEqual(3);
    polling.stopAll();
  });

  it('restarting an id replaces the old task', async () => {
    const polling = new TimerPollingService();
    const first = vi.fn();
    const second = vi.fn();
    polling.start({ id: 'x', intervalMs: 1_000, run: first });
    polling.start({ id: 'x', intervalMs: 1_000, run: second });
    await vi.advanceTimersByTimeAsync(3_500);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(4);
    polling.stopAll();
  });
});
