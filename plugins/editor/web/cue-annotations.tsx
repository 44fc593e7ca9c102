import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { TOKENS, useContainer, useService } from '../../../core';
import {
  subtitleCueAnnotations,
  type SubtitleCueAnnotationHost,
  type SubtitleCueAnnotator,
} from '../../subtitles/web/extension-points';
import type { EditorCue } from './model/cue-edits';

/**
 * What other plugins hang on cues (the comments plugin's threads), through the subtitles plugin's
 * `subtitleCueAnnotations` point: each loaded once per subtitle opened, its panel drawn beside the
 * cue list and its marker in each row. One that fails to load is left out; the editor works on.
 */
export function useCueAnnotators(projectVersionId: string, subtitleId: string): SubtitleCueAnnotator[] {
  const registry = useService(TOKENS.PluginRegistry);
  const container = useContainer();
  const [annotators, setAnnotators] = useState<SubtitleCueAnnotator[]>([]);
  useEffect(() => {
    let live = true;
    const sources = [...registry.contributions(subtitleCueAnnotations)].sort(
      (a, b) => (a.order ?? 100) - (b.order ?? 100),
    );
    if (sources.length === 0) return;
    const load = () =>
      void Promise.all(
        sources.map((source) => source.load({ container, projectVersionId, subtitleId }).catch(() => null)),
      ).then((loaded) => live && setAnnotators(loaded.filter((one): one is SubtitleCueAnnotator => one !== null)));
    // Once the browser is idle after the open: the cue list and the waveform paint first (the
    // editor's open time, bench/editor-open), the annotators' chunk and requests come after.
    const idle = typeof requestIdleCallback === 'function';
    const handle = idle ? requestIdleCallback(load, { timeout: 1000 }) : setTimeout(load, 0);
    return () => {
      live = false;
      if (idle) cancelIdleCallback(handle as number);
      else clearTimeout(handle as ReturnType<typeof setTimeout>);
    };
  }, [registry, container, projectVersionId, subtitleId]);
  return annotators;
}

/** The annotators' markers as one component for the cue rows; undefined when none has one. */
export function useCueMarker(annotators: SubtitleCueAnnotator[]): ComponentType<{ cueId: string }> | undefined {
  return useMemo(() => {
    const markers = annotators.flatMap((annotator) => (annotator.Marker ? [annotator.Marker] : []));
    if (markers.length === 0) return undefined;
    return function CueMarkers({ cueId }: { cueId: string }) {
      return (
        <>
          {markers.map((Marker, i) => (
            <Marker key={i} cueId={cueId} />
          ))}
        </>
      );
    };
  }, [annotators]);
}

/** The panels, with the editor's position; the cue ids change identity only when the list of ids does (not per keystroke). */
export function CueAnnotationPanels({
  annotators,
  cues,
  host,
}: {
  annotators: SubtitleCueAnnotator[];
  cues: readonly EditorCue[];
  host: Omit<SubtitleCueAnnotationHost, 'cueIds'>;
}) {
  const key = cues.map((cue) => cue.id).join('\n');
  const cueIds = useMemo(() => cues.map((cue) => cue.id), [key]);
  return (
    <>
      {annotators.map((annotator, i) => (
        <annotator.Panel key={i} {...host} cueIds={cueIds} />
      ))}
    </>
  );
}

/**
 * `?cue=<id>` in the editor's address (a notification's link): once a cue of that id is in the
 * list (the live document's ids arrive with its first sync), the editor goes to it, once.
 */
export function useCueFromAddress(cues: readonly EditorCue[], goToCue: (cueId: string) => void): void {
  // Read from the address itself, not the router's hooks: the editor is drawn outside a router too
  // (bench/editor-keystroke); the links that carry it open the page afresh.
  const wanted = new URLSearchParams(window.location.search).get('cue');
  const done = useRef<string | null>(null);
  const found = wanted !== null && cues.some((cue) => cue.id === wanted);
  useEffect(() => {
    if (!wanted || !found || done.current === wanted) return;
    done.current = wanted;
    goToCue(wanted);
  }, [wanted, found, goToCue]);
}
