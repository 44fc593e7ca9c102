import type * as React from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useUnit } from 'effector-react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { languageName, TOKENS, useService } from '../../../core';
import { SUBTITLES_PATHS } from '../../subtitles/common/subtitles-contract';
import type { SubtitleCueViewProps } from '../../subtitles/web/extension-points';
import { editorCommands } from './editor-commands';
import { EditorSplitter, useVideoHeight, VIDEO_HEIGHT } from './editor-splitter';
import { useEditorFocus } from './use-editor-focus';
import { formatTime } from './model/timecode';
import { EditorBar, useTimeFormat } from './editor-bar';
import { runEditorAction, type ActionContext } from './editor-actions';
import { actionFor } from './editor-keys';
import { ConflictBanner, KeyHelp } from './editor-panels';
import { CueRow } from './cue-row';
import { LIST_COMPONENTS, type ListContext } from './cue-grid';
import { FindPanel } from './find-panel';
import { EditorPlayer } from './editor-player';
import { useEditorModels } from './use-editor-models';
import { useSourceCues } from './use-source-cues';
import { useSubtitleExporter } from './use-subtitle-exporter';
import { Timeline } from './timeline/timeline';
import { useTimelineModel } from './timeline/use-timeline-model';
import { RangePanel } from './range-panel';
import type { EditorCue } from './model/cue-edits';
import { useLiveEditing } from './live/use-live-editing';
import type { Colleague } from './live/live-model';
import { ReviewerNote, ReviewProgress } from './review-status';
import { useReviewFilter } from './use-review-filter';
import { CueAnnotationPanels, useCueAnnotators, useCueFromAddress, useCueMarker } from './cue-annotations';
import './editor.css';

/**
 * The subtitle editor (the editor URL): the video, the cue list (virtualised: a 2-hour film has
 * 2,000 cues), the source beside a translation, the reading problems of each cue as it is
 * typed, undo/redo, and the background save with its conflict banner. Keys: ./editor-keys.ts.
 */
export default function EditorView({ projectVersionId, subtitleId, loaded, siblings }: SubtitleCueViewProps) {
  const attributes = loaded.data.attributes;
  const api = useService(TOKENS.ApiClient);
  const { model, find, rules, reviewOnly } = useEditorModels({ projectVersionId, subtitleId, loaded });
  const registry = useService(TOKENS.PluginRegistry);
  const [cues, active, problems, saveState, conflict, ready, range, selection, refusal] = useUnit([
    model.$cues,
    model.$active,
    model.$problems,
    model.$saveState,
    model.$conflict,
    model.$ready,
    model.$range,
    model.$selection,
    model.$refusal,
  ]);
  const [matchesByCue, matches, currentMatch] = useUnit([find.$byCue, find.$matches, find.$current]);
  const [editing, setEditing] = useState(false);
  const [help, setHelp] = useState(false);
  const [panel, setPanel] = useState<'shift' | 'speaker' | null>(null);
  const exportSubtitle = useSubtitleExporter(projectVersionId, subtitleId);
  const [playhead, setPlayhead] = useState(0);
  const [timeFormat, chooseTimeFormat] = useTimeFormat(window.localStorage);
  const [videoHeight, setVideoHeight] = useVideoHeight(window.localStorage);
  const videoUrl = SUBTITLES_PATHS.video(projectVersionId, subtitleId);

  // A translation opens beside its source: the transcript's cues, matched by time.
  const { sourceSubtitle, sources } = useSourceCues(api, { projectVersionId, loaded, siblings }, cues);

  const video = useRef<HTMLVideoElement>(null);
  const timeline = useTimelineModel(api, projectVersionId, subtitleId);
  // The cuts the timeline loads are reading problems' too (an edge a few frames off one).
  useEffect(() => timeline.$shotChanges.watch((cuts) => model.shotChangesSet(cuts)).unsubscribe, [timeline, model]);
  const [durationMs, setDurationMs] = useState(0);
  const list = useRef<VirtuosoHandle>(null);
  const grid = useRef<HTMLDivElement | null>(null);
  const cuesNow = useRef(cues);
  cuesNow.current = cues;
  // The filter "cues not reviewed" (Alt+U): the rows shown, and the list handle taking full-list indices.
  const filter = useReviewFilter(cues, cues[active]?.id, list);
  const state = useRef<Omit<ActionContext, 'textBox'>>(null!);
  state.current = {
    model,
    active,
    count: cues.length,
    problems,
    video: video.current,
    list: list.current,
    editing,
    setEditing,
    showHelp: () => setHelp(true),
    focusList: () => grid.current?.focus(),
    find,
    range,
    openPanel: setPanel,
    exportSubtitle,
    zoomTimeline: (by) => timeline.zoomed({ by }),
    shotChanges: () => timeline.$shotChanges.getState(),
    toggleTimeFormat: () => chooseTimeFormat(timeFormat === 'ms' ? 'frames' : 'ms'),
    resizeVideo: (by) => setVideoHeight(videoHeight + by * VIDEO_HEIGHT.step),
    cues,
    reviewOnly,
    neighbour: filter.neighbour,
    toggleUnreviewedFilter: filter.toggle,
  };
  const run = useCallback(
    (action: Parameters<typeof runEditorAction>[0], textBox: HTMLTextAreaElement | null = null) => {
      runEditorAction(action, { ...state.current, video: video.current, list: filter.handle, textBox });
    },
    [filter.handle],
  );
  // The palette's editor commands, there before the first paint (./editor-commands.ts).
  useLayoutEffect(() => {
    const disposers = editorCommands(subtitleId, run).map((command) => registry.registerCommand(command));
    return () => disposers.forEach((dispose) => dispose());
  }, [registry, subtitleId, run]);
  const listArrived = useEditorFocus(grid, run);
  // Live with the others on this subtitle; "Go to <name>" makes their cue the active one.
  const goToCue = useCallback(
    (cueId: string) => {
      const index = cuesNow.current.findIndex((cue) => cue.id === cueId);
      if (index < 0) return;
      model.activeSet(index);
      filter.handle.scrollIntoView({ index });
      grid.current?.focus();
    },
    [model, filter.handle],
  );
  const colleagues = useLiveEditing(model, projectVersionId, subtitleId, goToCue);
  // Comments and the like (./cue-annotations.tsx); `?cue=` (a notification's link) goes to that cue.
  const annotators = useCueAnnotators(projectVersionId, subtitleId);
  const CueMarker = useCueMarker(annotators);
  useCueFromAddress(cues, goToCue);
  const focusList = useCallback(() => grid.current?.focus(), []);
  const colleaguesByCue = useMemo(() => {
    const byCue = new Map<string, Colleague[]>();
    for (const colleague of colleagues)
      if (colleague.cue) byCue.set(colleague.cue, [...(byCue.get(colleague.cue) ?? []), colleague]);
    return byCue;
  }, [colleagues]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    // Keys in a popup opened from here (the help) are the popup's: React bubbles them through this tree.
    if (event.target instanceof Element && event.target.closest('[role="dialog"]')) return;
    const textBox = event.target instanceof HTMLTextAreaElement ? event.target : null;
    // Single keys act only in the cue list itself; in a text box, the find strip or on a button they type or press.
    const action = actionFor(event.nativeEvent, event.target !== grid.current);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    run(action, textBox);
  };
  const onText = useCallback((index: number, text: string) => model.edited({ kind: 'text', index, text }), [model]);
  const onPick = useCallback(
    (index: number, edit: boolean) => {
      if (index !== state.current.active) model.activeSet(index);
      if (edit && !state.current.reviewOnly) setEditing(true);
    },
    [model],
  );
  // The timeline is for the mouse: what it picks becomes the active cue, and the keys go back to the list.
  const onTimelinePick = useCallback(
    (index: number) => {
      if (index !== state.current.active) model.activeSet(index);
      filter.handle.scrollIntoView({ index });
      grid.current?.focus();
    },
    [model, filter.handle],
  );
  const onSeek = useCallback((ms: number) => {
    if (video.current) video.current.currentTime = ms / 1000;
  }, []);
  const activeId = cues[active]?.id;
  const context = useMemo<ListContext>(
    () => ({
      activeId,
      count: filter.data.length,
      editing,
      from: selection ? range.from : -1,
      to: selection ? range.to : -1,
      shown: filter.shown,
    }),
    // Not on every keystroke: a new context re-renders every row of the list (the filter's rows change only when it is on).
    [activeId, filter.data.length, editing, selection, range, filter.shown],
  );
  const current = matches[currentMatch];
  const flagged = problems.flagged.length;

  return (
    <div
      className="subtitle-editor"
      onKeyDown={onKeyDown}
      style={{ '--editor-video-height': `${videoHeight}vh` } as React.CSSProperties}
    >
      <div className="editor-top">
        <EditorPlayer
          video={video}
          videoUrl={videoUrl}
          cues={cues}
          onPlayhead={setPlayhead}
          onDuration={setDurationMs}
        />
        <div className="editor-side">
          <EditorBar
            saveState={saveState}
            rules={rules}
            count={cues.length}
            flagged={flagged}
            onNextProblem={() => run('nextProblem')}
            onHelp={() => setHelp(true)}
            onExport={exportSubtitle}
            timeFormat={timeFormat}
            onTimeFormat={chooseTimeFormat}
          />
          <ReviewProgress cues={cues} />
          <button type="button" className="button" aria-pressed={filter.on} onClick={filter.toggle}>
            Only cues not reviewed (Alt+U)
          </button>
          {!reviewOnly && (
            <button
              type="button"
              className="button"
              aria-pressed={cues[active]?.italic === true}
              disabled={cues.length === 0}
              onClick={() => run('italic')}
            >
              <i>Italic</i> (Ctrl+I)
            </button>
          )}
          {filter.on && filter.data.length === 0 && <p className="muted">Every cue is reviewed.</p>}
          {reviewOnly && <ReviewerNote />}
          <p className="muted" data-testid="editor-playhead">
            Playhead <span className="editor-time">{formatTime(playhead, timeFormat)}</span> · Press <kbd>?</kbd> in the
            cue list for the keys
          </p>
          <p className="editor-refusal" role="status">
            {refusal}
          </p>
          <FindPanel find={find} onLeave={() => grid.current?.focus()} />
          {conflict && (
            <ConflictBanner
              mine={cues}
              theirs={conflict}
              timeFormat={timeFormat}
              onKeepMine={() => model.keepMine()}
              onTakeTheirs={() => model.takeTheirs()}
            />
          )}
          {ready && cues.length === 0 && (
            <p className="muted">No cues yet. Press Alt+N to add one, or import a subtitle file.</p>
          )}
          <CueAnnotationPanels
            annotators={annotators}
            cues={cues}
            host={{ projectVersionId, subtitleId, activeCueId: activeId ?? null, goToCue, focusList }}
          />
          {sourceSubtitle && (
            <p className="editor-source-heading">
              Source: {languageName(sourceSubtitle.attributes.language)} (read only) · Translation:{' '}
              {languageName(attributes.language)}
            </p>
          )}
        </div>
      </div>
      <Timeline
        timeline={timeline}
        cues={cues}
        active={active}
        playhead={playhead}
        durationMs={durationMs}
        onEdit={model.edited}
        onPick={onTimelinePick}
        onSeek={onSeek}
        video={video}
        colleagues={colleagues}
      />
      <EditorSplitter value={videoHeight} onChange={setVideoHeight} />
      <div className="editor-list">
        <Virtuoso
          ref={list}
          scrollerRef={(element) => {
            grid.current = element instanceof HTMLDivElement ? element : null;
            if (grid.current) listArrived(grid.current);
          }}
          style={{ height: `max(18rem, calc(100vh - ${videoHeight}vh - 17rem))` }}
          data={filter.data as EditorCue[]}
          context={context}
          components={LIST_COMPONENTS}
          computeItemKey={(_, cue) => cue.id}
          itemContent={(row, cue) => {
            const index = filter.shown ? filter.shown[row] : row;
            return (
              <CueRow
                index={index}
                cue={cue}
                editing={editing && index === active}
                problems={problems.byCue[index] ?? []}
                source={sources ? (sources[index] ?? '') : undefined}
                matches={matchesByCue.get(index)}
                currentFrom={current?.index === index ? current.from : undefined}
                timeFormat={timeFormat}
                colleagues={colleaguesByCue.get(cue.id)}
                Marker={CueMarker}
                onText={onText}
                onPick={onPick}
              />
            );
          }}
        />
      </div>
      <p id="editor-grid-hint" className="visually-hidden">
        Up and Down choose a cue, Enter edits its text, Escape comes back here; question mark lists every key.
      </p>
      {help && <KeyHelp onClose={() => setHelp(false)} />}
      {panel && <RangePanel panel={panel} model={model} cues={cues} range={range} onClose={() => setPanel(null)} />}
    </div>
  );
}
