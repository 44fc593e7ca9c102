import { combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import type { PollingService, ProgressItem, ProgressSource } from '../../core';

/** docs/product-contract.md#constants-and-limits: followed exports are polled every 10000 ms. */
export const FOLLOW_POLL_INTERVAL_MS = 10_000;
export const FOLLOWED_ITEMS_KEY = 'polycue.progress.followed';
const POLLING_TASK_ID = 'shell.progress-panel';

export interface FollowedItem {
  sourceId: string;
  id: string;
}

type FollowStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

export const followKey = (item: FollowedItem) => `${item.sourceId}:${item.id}`;
const isFinished = (item: ProgressItem | undefined) => item?.state === 'done' || item?.state === 'failed';

function loadFollowed(storage: FollowStorage): FollowedItem[] {
  try {
    const parsed = JSON.parse(storage?.getItem(FOLLOWED_ITEMS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? parsed.filter((f): f is FollowedItem => typeof f?.sourceId === 'string' && typeof f?.id === 'string')
      : [];
  } catch {
    return [];
  }
}

/**
 * Items the user follows in the progress panel (exports), kept across reloads. They are polled
 * through the core PollingService every 10 s while any followed item is unfinished; polling stops
 * when the last one is unfollowed or finished. Finished items stay until dismissed (unfollowed).
 */
export function createFollowedItemsModel(deps: {
  polling: PollingService;
  /** The contributed sources, already given what they need (shell/bootstrap.ts passes the container). */
  sources: () => { id: ProgressSource['id']; fetch(ids: string[]): Promise<ProgressItem[]> }[];
  storage: FollowStorage;
  logger?: Pick<Console, 'error'>;
}) {
  const logger = deps.logger ?? console;
  const itemFollowed = createEvent<FollowedItem>();
  const itemUnfollowed = createEvent<FollowedItem>();
  /** The panel mounted (or the app started): resumes polling for items followed before a reload. */
  const started = createEvent();
  const stopped = createEvent();

  const $followed = createStore<FollowedItem[]>(loadFollowed(deps.storage))
    .on(itemFollowed, (list, item) => (list.some((f) => followKey(f) === followKey(item)) ? list : [...list, item]))
    .on(itemUnfollowed, (list, item) => list.filter((f) => followKey(f) !== followKey(item)));

  const pollFx = createEffect(async (followed: FollowedItem[]): Promise<Record<string, ProgressItem>> => {
    const bySource = new Map<string, string[]>();
    for (const f of followed) bySource.set(f.sourceId, [...(bySource.get(f.sourceId) ?? []), f.id]);
    const sources = deps.sources();
    const result: Record<string, ProgressItem> = {};
    await Promise.all(
      [...bySource].map(async ([sourceId, ids]) => {
        const source = sources.find((s) => s.id === sourceId);
        if (!source) return;
        try {
          for (const item of await source.fetch(ids)) result[followKey({ sourceId, id: item.id })] = item;
        } catch (error) {
          logger.error(`Progress source "${sourceId}" failed`, error); // keep polling; the next tick may work
        }
      }),
    );
    return result;
  });

  const $items = createStore<Record<string, ProgressItem>>({})
    .on(pollFx.doneData, (items, fresh) => ({ ...items, ...fresh }))
    .on(itemUnfollowed, (items, item) => {
      const { [followKey(item)]: _, ...rest } = items;
      return rest;
    });

  const $needsPolling = combine($followed, $items, (followed, items) =>
    followed.some((f) => !isFinished(items[followKey(f)])),
  );

  const startPollingFx = createEffect(() => {
    // Bound to the current scope so polls started from a forked scope (tests, SSR) stay in it.
    const poll = scopeBind(pollRequested, { safe: true });
    deps.polling.start({ id: POLLING_TASK_ID, intervalMs: FOLLOW_POLL_INTERVAL_MS, run: () => poll() });
  });
  const stopPollingFx = createEffect(() => deps.polling.stop(POLLING_TASK_ID));
  const pollRequested = createEvent();
  const $pollingActive = createStore(false)
    .on(startPollingFx.done, () => true)
    .on(stopPollingFx.done, () => false);
  const saveFx = createEffect((followed: FollowedItem[]) => {
    deps.storage?.setItem(FOLLOWED_ITEMS_KEY, JSON.stringify(followed));
  });

  sample({ clock: pollRequested, source: $followed, filter: (f) => f.length > 0, target: pollFx });
  const pollingWanted = sample({ clock: [$needsPolling.updates, started], source: $needsPolling });
  sample({ clock: pollingWanted, filter: (wanted) => wanted, target: startPollingFx });
  sample({ clock: [pollingWanted, stopped], filter: (wanted) => wanted !== true, target: stopPollingFx });
  // A newly followed item is fetched at once even if polling was already running.
  // (When polling only starts now, starting it polls at once: no second request.)
  sample({ clock: itemFollowed, source: $pollingActive, filter: (active) => active, target: pollRequested });
  sample({ clock: $followed.updates, target: saveFx });

  const $panelItems = combine($followed, $items, (followed, items) =>
    followed.map((f) => ({ follow: f, item: items[followKey(f)] ?? null })),
  );

  return { itemFollowed, itemUnfollowed, started, stopped, pollFx, $followed, $items, $needsPolling, $panelItems };
}

export type FollowedItemsModel = ReturnType<typeof createFollowedItemsModel>;
