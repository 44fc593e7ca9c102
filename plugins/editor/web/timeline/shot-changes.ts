import type { ApiClient } from '../../../../core';
import { SHOT_CHANGES_PATH, type ShotChangesResponse } from '../../common/shot-changes-contract';
import { untilMade } from './until-made';

/** A film's whole video is decoded to find its cuts: several minutes the first time it is opened. */
const GIVE_UP_MS = 30 * 60 * 1000;

/** The video's cuts (ms, ascending): asked once when the editor opens, again while the server is still finding them (202). */
export function shotChangesLoader(api: ApiClient, projectVersionId: string, subtitleId: string) {
  return async (signal?: AbortSignal): Promise<number[]> => {
    const res = await untilMade(
      () => api.get<ShotChangesResponse>(SHOT_CHANGES_PATH(projectVersionId, subtitleId), { signal }),
      signal,
      GIVE_UP_MS,
    );
    return res.data.data.times;
  };
}

/** The first cut after `ms` (`later`) or before it, a frame's tolerance so a jump from a cut goes to the next one; null when none. */
export function adjacentShotChange(
  shotChanges: readonly number[],
  ms: number,
  later: boolean,
  toleranceMs = 20,
): number | null {
  if (later) return shotChanges.find((cut) => cut > ms + toleranceMs) ?? null;
  for (let i = shotChanges.length - 1; i >= 0; i--) if (shotChanges[i] < ms - toleranceMs) return shotChanges[i];
  return null;
}
