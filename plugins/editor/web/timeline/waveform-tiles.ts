import type { ApiClient } from '../../../../core';
import { untilMade } from './until-made';
import { WAVEFORM_HEADERS, WAVEFORM_PATH } from '../../common/waveform-contract';

/**
 * The timeline's zoom levels and the tiles of peaks it reads. A zoom is a power of two of
 * milliseconds a pixel (5 ms … 80 s), so the tiles of one level are the same at every scroll:
 * a tile is TILE_PX buckets, one a pixel, and is asked once and kept.
 */
export const TILE_PX = 512;
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 14;
/** 20 ms a pixel: about 20 s on a laptop's timeline, what a subtitler times cues at. */
export const DEFAULT_ZOOM = 2;

export const msPerPx = (zoom: number) => 5 * 2 ** zoom;
export const tileKey = (zoom: number, index: number) => `${zoom}:${index}`;

/** The tiles a window of `widthPx` from `startMs` needs, at that zoom. */
export function tilesFor(zoom: number, startMs: number, widthPx: number): number[] {
  const tileMs = TILE_PX * msPerPx(zoom);
  const first = Math.max(0, Math.floor(startMs / tileMs));
  const last = Math.max(first, Math.floor((startMs + widthPx * msPerPx(zoom)) / tileMs));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

export interface Tile {
  zoom: number;
  index: number;
  /** min, max per pixel column. */
  peaks: Int8Array;
  durationMs: number;
  /** The whole audio's loudest |peak|: every tile is drawn to it. */
  loudest: number;
}

/** Loads one tile; while the server is still making the peaks (202) it asks again after the time it says. */
export function waveformTileLoader(api: ApiClient, projectVersionId: string, subtitleId: string) {
  return async ({ zoom, index }: { zoom: number; index: number }, signal?: AbortSignal): Promise<Tile> => {
    const tileMs = TILE_PX * msPerPx(zoom);
    const params = { from: index * tileMs, to: (index + 1) * tileMs, buckets: TILE_PX };
    const res = await untilMade(
      () =>
        api.get<ArrayBuffer>(WAVEFORM_PATH(projectVersionId, subtitleId), {
          params,
          responseType: 'arraybuffer',
          signal,
        }),
      signal,
    );
    return {
      zoom,
      index,
      peaks: new Int8Array(res.data),
      durationMs: Number(res.headers[WAVEFORM_HEADERS.duration] ?? 0),
      loudest: Number(res.headers[WAVEFORM_HEADERS.peak] ?? 128),
    };
  };
}
