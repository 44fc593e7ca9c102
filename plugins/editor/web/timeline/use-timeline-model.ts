import { useMemo } from 'react';
import type { ApiClient } from '../../../../core';
import { createTimelineModel } from './timeline-model';
import { shotChangesLoader } from './shot-changes';
import { waveformTileLoader } from './waveform-tiles';

/** One timeline model per subtitle opened, reading its version's waveform and shot changes. */
export function useTimelineModel(api: ApiClient, projectVersionId: string, subtitleId: string) {
  return useMemo(
    () =>
      createTimelineModel({
        loadTile: waveformTileLoader(api, projectVersionId, subtitleId),
        loadShotChanges: shotChangesLoader(api, projectVersionId, subtitleId),
      }),
    [api, projectVersionId, subtitleId],
  );
}
