import * as effector from 'effector';
import { DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM, msPerPx, tileKey, tilesFor, type Tile } from './waveform-tiles';

const { combine, createEffect, createEvent, createStore, sample } = effector;

export interface TimelineDeps {
  loadTile(request: { zoom: number; index: number }): Promise<Tile>;
  /** The video's cuts (ms, ascending); none when absent. */
  loadShotChanges?(): Promise<number[]>;
}

/** Tiles kept (each 1 KB): several screens at every zoom visited. */
const TILES_KEPT = 600;
/** Where the playhead lands when the view jumps to follow it: a tenth in, so what comes next shows. */
const FOLLOW_AT = 0.1;

export interface TimelineView {
  zoom: number;
  /** The time at the view's left edge, ms. */
  start: number;
  widthPx: number;
}

const clampZoom = (zoom: number) => Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));

/**
 * The timeline's state: zoom, the window shown, the playhead it follows, the waveform tiles
 * it has and the video's shot changes. Flow: an event (zoomed, scrolled, resized, playheadMoved) -> sample -> the view store ->
 * the tiles the new view lacks -> loadTileFx -> $tiles -> the canvas.
 */
export function createTimelineModel(deps: TimelineDeps) {
  const zoomed = createEvent<{ by: number; anchorMs?: number }>();
  const scrolled = createEvent<number>();
  const resized = createEvent<number>();
  const playheadMoved = createEvent<number>();
  const durationKnown = createEvent<number>();

  const $playhead = createStore(0).on(playheadMoved, (_, ms) => ms);
  const $view = createStore<TimelineView>({ zoom: DEFAULT_ZOOM, start: 0, widthPx: 0 })
    .on(scrolled, (view, start) =>
      Math.abs(view.start - start) < msPerPx(view.zoom) / 2 ? view : { ...view, start: Math.max(0, start) },
    )
    .on(resized, (view, widthPx) => (view.widthPx === widthPx ? view : { ...view, widthPx }));

  // Zoom keeps the anchor (the pointer, or the playhead when it shows, else the middle) where it is on screen.
  const zoomTo = sample({
    clock: zoomed,
    source: { view: $view, playhead: $playhead },
    fn: ({ view, playhead }, { by, anchorMs }): TimelineView => {
      const zoom = clampZoom(view.zoom + by);
      const end = view.start + view.widthPx * msPerPx(view.zoom);
      const anchor = anchorMs ?? (playhead >= view.start && playhead <= end ? playhead : (view.start + end) / 2);
      const px = (anchor - view.start) / msPerPx(view.zoom);
      return { ...view, zoom, start: Math.max(0, anchor - px * msPerPx(zoom)) };
    },
  });
  $view.on(zoomTo, (_, view) => view);

  // The view follows the playhead when it leaves the window (playing, a seek, a jump to a cue).
  const follow = sample({
    clock: playheadMoved,
    source: $view,
    filter: (view, ms) => view.widthPx > 0 && (ms < view.start || ms > view.start + view.widthPx * msPerPx(view.zoom)),
    fn: (view, ms): TimelineView => ({
      ...view,
      start: Math.max(0, ms - view.widthPx * msPerPx(view.zoom) * FOLLOW_AT),
    }),
  });
  $view.on(follow, (_, view) => view);

  const loadTileFx = createEffect((request: { zoom: number; index: number }) => deps.loadTile(request));
  const $pending = createStore<ReadonlySet<string>>(new Set())
    .on(loadTileFx, (set, r) => new Set(set).add(tileKey(r.zoom, r.index)))
    .on(loadTileFx.finally, (set, { params }) => {
      const next = new Set(set);
      next.delete(tileKey(params.zoom, params.index));
      return next;
    });
  const $tiles = createStore<ReadonlyMap<string, Tile>>(new Map()).on(loadTileFx.doneData, (tiles, tile) => {
    const next = new Map(tiles).set(tileKey(tile.zoom, tile.index), tile);
    if (next.size > TILES_KEPT) next.delete(next.keys().next().value!);
    return next;
  });
  const $failed = createStore(false).on(loadTileFx.fail, () => true);
  const $duration = createStore(0)
    .on(durationKnown, (d, ms) => Math.max(d, ms || 0))
    .on(loadTileFx.doneData, (d, tile) => Math.max(d, tile.durationMs));

  const loadAllFx = createEffect(async (requests: { zoom: number; index: number }[]) => {
    await Promise.allSettled(requests.map((request) => loadTileFx(request)));
  });
  sample({
    clock: $view,
    source: { tiles: $tiles, pending: $pending, failed: $failed },
    filter: (_, view) => view.widthPx > 0,
    fn: ({ tiles, pending, failed }, view) =>
      // After a refusal (no media, no access, no network) nothing more is asked while this subtitle is open: scrolling never becomes a stream of failing requests.
      failed
        ? []
        : tilesFor(view.zoom, view.start, view.widthPx)
            .filter((index) => !tiles.has(tileKey(view.zoom, index)) && !pending.has(tileKey(view.zoom, index)))
            .map((index) => ({ zoom: view.zoom, index })),
    target: loadAllFx,
  });

  // The first screen's tile is asked at once, while the page is still being drawn (a new editor
  // opens at 0, at the default zoom): the waveform then comes with the cue list, not after it.
  void loadTileFx({ zoom: DEFAULT_ZOOM, index: 0 }).catch(() => {});

  // The cuts are asked once, beside the first tile: drawn on the timeline, snapped to, jumped to (Shift+J / Shift+L).
  const loadShotChangesFx = createEffect(async () => (await deps.loadShotChanges?.()) ?? []);
  const $shotChanges = createStore<readonly number[]>([]).on(loadShotChangesFx.doneData, (_, times) => times);
  void loadShotChangesFx().catch(() => {});

  /** True until the first tile arrives while peaks are asked (the server may still be making them). */
  const $preparing = combine($tiles, $pending, (tiles, pending) => tiles.size === 0 && pending.size > 0);

  return {
    zoomed,
    scrolled,
    resized,
    playheadMoved,
    durationKnown,
    $view,
    $tiles,
    $duration,
    $playhead,
    $preparing,
    $failed,
    $shotChanges,
  };
}

export type TimelineModel = ReturnType<typeof createTimelineModel>;
