import { describe, expect, it } from 'vitest';
import { allSettled, createEvent, fork } from 'effector';
import { createToastService, toastOnFailure } from './toast-service';

describe('toast service', () => {
  it('keeps at most five toasts, newest last, and errors stay longer than successes', async () => {
    const toast = createToastService();
    const scope = fork();
    for (let i = 1; i <= 7; i++) await allSettled(toast.shown, { scope, params: { kind: 'success', title: `t${i}` } });
    await allSettled(toast.shown, { scope, params: { kind: 'error', title: 'bad' } });
    const list = scope.getState(toast.$toasts);
    expect(list.map((t) => t.title)).toEqual(['t4', 't5', 't6', 't7', 'bad']);
    expect(list[4].durationMs).toBeGreaterThan(list[0].durationMs);
    await allSettled(toast.dismissed, { scope, params: list[4].id });
    expect(scope.getState(toast.$toasts).map((t) => t.title)).not.toContain('bad');
  });

  it('toastOnFailure raises the given text inside a forked scope', async () => {
    const toast = createToastService();
    const failed = createEvent();
    toastOnFailure(toast, failed, 'Labels could not be loaded');
    const scope = fork();
    await allSettled(failed, { scope });
    expect(scope.getState(toast.$toasts).map((t) => [t.kind, t.title])).toEqual([
      ['error', 'Labels could not be loaded'],
    ]);
  });
});
