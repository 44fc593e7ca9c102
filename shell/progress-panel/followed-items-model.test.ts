import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimerPollingService, type ProgressItem } from '../../core';
import { createFollowedItemsModel, FOLLOW_POLL_INTERVAL_MS, FOLLOWED_ITEMS_KEY } from './followed-items-model';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

function setup(storage = memoryStorage()) {
  const states = new Map<string, ProgressItem['state']>();
  const fetch = vi.fn(async (ids: string[]): Promise<ProgressItem[]> =>
    ids.map((id) => ({
      id,
      title: `Export ${id}`,
      progress: states.get(id) === 'done' ? 1 : 0.5,
      state: states.get(id) ?? 'running',
    })),
  );
  const polling = new TimerPollingService();
  const model = createFollowedItemsModel({
    polling,
    sources: () => [{ id: 'exports', fetch }],
    storage,
    logger: { error: () => {} },
  });
  const scope = fork();
  return { model, scope, fetch, polling, states, storage };
}

/** Lets the fake-timer tick run its async poll to the end. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe('followed items polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at once when an item is followed, then every 10 s', async () => {
    const { model, scope, fetch, polling } = setup();
    await allSettled(model.itemFollowed, { scope, params: { sourceId: 'exports', id: 'e1' } });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenLastCalledWith(['e1']);
    expect(scope.getState(model.$items)['exports:e1']?.progress).toBe(0.5);

    await advance(FOLLOW_POLL_INTERVAL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await advance(FOLLOW_POLL_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    polling.stopAll();
  });

  it('stops polling when the last item is unfollowed', async () => {
    const { model, scope, fetch, polling } = setup();
    await allSettled(model.itemFollowed, { scope, params: { sourceId: 'exports', id: 'e1' } });
    await allSettled(model.itemFollowed, { scope, params: { sourceId: 'exports', id: 'e2' } });
    expect(fetch).toHaveBeenLastCalledWith(['e1', 'e2']); // a newly followed item is fetched at once
    const calls = fetch.mock.calls.length;

    await allSettled(model.itemUnfollowed, { scope, params: { sourceId: 'exports', id: 'e1' } });
    await advance(FOLLOW_POLL_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(calls + 1);
    expect(fetch).toHaveBeenLastCalledWith(['e2']);

    await allSettled(model.itemUnfollowed, { scope, params: { sourceId: 'exports', id: 'e2' } });
    expect(polling.isRunning('shell.progress-panel')).toBe(false);
    await advance(FOLLOW_POLL_INTERVAL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(calls + 1);
  });

  it('stops polling when every followed item has finished, and keeps the finished item until dismissed', async () => {
    const { model, scope, fetch, polling, states } = setup();
    await allSettled(model.itemFollowed, { scope, params: { sourceId: 'exports', id: 'e1' } });
    states.set('e1', 'done');
    await advance(FOLLOW_POLL_INTERVAL_MS);
    await allSettled(scope);
    expect(scope.getState(model.$items)['exports:e1']?.state).toBe('done');
    expect(polling.isRunning('shell.progress-panel')).toBe(false);
    const calls = fetch.mock.calls.length;
    await advance(FOLLOW_POLL_INTERVAL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(calls);
    expect(scope.getState(model.$panelItems)).toHaveLength(1);
  });

  it('remembers followed items across reloads and resumes polling on start', async () => {
    const storage = memoryStorage();
    const first = setup(storage);
    await allSettled(first.model.itemFollowed, { scope: first.scope, params: { sourceId: 'exports', id: 'e9' } });
    first.polling.stopAll();
    expect(JSON.parse(storage.data.get(FOLLOWED_ITEMS_KEY)!)).toEqual([{ sourceId: 'exports', id: 'e9' }]);

    const second = setup(storage);
    expect(second.fetch).not.toHaveBeenCalled();
    await allSettled(second.model.started, { scope: second.scope });
    expect(second.fetch).toHaveBeenCalledWith(['e9']);
    second.polling.stopAll();
  });
});
