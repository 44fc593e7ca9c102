import { useMemo } from 'react';
import type { ApiClient } from '../../../../core';
import { createTimelineModel } from './timeline-model';
import { waveformTileLoader } from './waveform-tiles';

/** One timeline model per subtitle opened, reading its version's waveform. */
export function useTimelineModel(api: ApiClient, projectVersionId: string, subtitleId: string) {
  return useMemo(() => createTimelineModel({ loadTile: waveformTileLoader(api, projectVersionId, subtitleId) }), [api, projectVersionId, subtitleId]);
}
