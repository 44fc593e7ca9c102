import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../../core';
import { SUBTITLES_PATHS, type CueData, type CuesResponse } from '../../subtitles/common/subtitles-contract';
import type { SubtitleCueViewProps } from '../../subtitles/web/extension-points';
import { sourceTextByCue } from './model/source-match';
import type { EditorCue } from './model/cue-edits';

/**
 * A translation opens beside its source: the transcript's cues, loaded once, matched to the
 * translation's cues by time (null for a transcript, or until they arrive).
 */
export function useSourceCues(
  api: ApiClient,
  { projectVersionId, loaded, siblings }: Pick<SubtitleCueViewProps, 'projectVersionId' | 'loaded' | 'siblings'>,
  cues: readonly EditorCue[],
) {
  const sourceSubtitle =
    loaded.data.attributes.kind === 'translation'
      ? siblings.find((s) => s.attributes.kind === 'transcript')
      : undefined;
  const [sourceCues, setSourceCues] = useState<CueData[] | null>(null);
  useEffect(() => {
    if (!sourceSubtitle) return;
    let live = true;
    void api.get<CuesResponse>(SUBTITLES_PATHS.cues(projectVersionId, sourceSubtitle.id)).then(
      (res) => live && setSourceCues(res.data.cues),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, projectVersionId, sourceSubtitle?.id]);
  const sources = useMemo(() => (sourceCues ? sourceTextByCue(cues, sourceCues) : null), [cues, sourceCues]);
  return { sourceSubtitle, sources };
}
