import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { createContextKeys } from './context-keys';

describe('context keys', () => {
  it('hold the latest value per key for when clauses, per scope', async () => {
    const keys = createContextKeys();
    const scope = fork();
    await allSettled(keys.keySet, { scope, params: { key: 'projects.selectionCount', value: 3 } });
    await allSettled(keys.keySet, { scope, params: { key: 'projects.canUndoDelete', value: true } });
    await allSettled(keys.keySet, { scope, params: { key: 'projects.selectionCount', value: 0 } });
    expect(scope.getState(keys.$keys)).toEqual({ 'projects.selectionCount': 0, 'projects.canUndoDelete': true });
    expect(fork().getState(keys.$keys)).toEqual({});
  });
});
