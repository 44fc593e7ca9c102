import * as React from 'react';
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useUnit } from 'effector-react';
import type { Colleague } from '../live/live-model';
import type { EditorCue } from '../model/cue-edits';
import type { CueEdit } from '../model/cue-edit-apply';
import { usePlayingFrames } from '../use-playing-frames';
import { draggedCue, type CueDrag, type DragPart } from './cue-drag';
import { drawWaveform } from './draw-waveform';
import type { TimelineModel } from './timeline-model';
import { TimelinePresence } from './timeline-presence';
import { msPerPx } from './waveform-tiles';
import './timeline.css';

const NO_VIDEO = { current: null };
/** Pointer travel under this is a click (seek, pick the cue), not a drag. */
const DRAG_THRESHOLD_PX = 3;
/** Cues drawn beyond each side of the window, so a fast scroll shows no gap. */
const MARGIN_PX = 200;

interface Drag extends CueDrag {
  index: number;
  x: number;
  moved: boolean;
}

export interface TimelineProps {
  timeline: TimelineModel;
  cues: readonly EditorCue[];
  active: number;
  playhead: number;
  /** The video's length once known (the waveform's otherwise). */
  durationMs: number;
  /** Edits go through the editor model's own event: undo, redo and the save see them like keys. */
  onEdit(edit: CueEdit): void;
  /** A cue clicked or dragged: it becomes the active one and the keyboard goes back to the list. */
  onPick(index: number): void;
  onSeek(ms: number): void;
  /** The video: while it plays, the playhead line follows it every frame (the `playhead` prop comes ~4 times a second). */
  video?: React.RefObject<HTMLVideoElement | null>;
  /** Colleagues editing live: each marked on the cue they are on (./timeline-presence.tsx). */
  colleagues?: readonly Colleague[];
}

const NOBODY: readonly Colleague[] = [];

/**
 * The timeline under the video: the waveform (canvas, the visible window only), the cues as
 * blocks with their text, the playhead. Click seeks; a cue's edges drag its start or end, its
 * body moves it (edges snap to the neighbours, the playhead and the video's shot changes, drawn
 * as thin lines; Alt for none: cue-drag.ts);
 * Ctrl+wheel zooms (as +/− do from the keys table), the wheel scrolls, and the view follows the
 * playhead. For the mouse only: it is hidden from assistive technology, and
 * everything it does is in the cue list's keys. Colleagues editing live are marked on their cues in
 * a layer beside it that is not hidden (./timeline-presence.tsx).
 */
export const Timeline = memo(function Timeline({
  timeline,
  cues,
  active,
  playhead,
  durationMs,
  onEdit,
  onPick,
  onSeek,
  video,
  colleagues = NOBODY,
}: TimelineProps) {
  const [view, tiles, waveDuration, preparing, failed, shotChanges] = useUnit([
    timeline.$view,
    timeline.$tiles,
    timeline.$duration,
    timeline.$preparing,
    timeline.$failed,
    timeline.$shotChanges,
  ]);
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | null>(null);
  const playheadLine = useRef<HTMLDivElement>(null);
  const [preview, setPreview] = useState<{ index: number; start: number; end: number } | null>(null);
  const scale = msPerPx(view.zoom);
  // The native wheel listener is set once; it reads the zoom of the latest render.
  const scaleNow = useRef(scale);
  scaleNow.current = scale;

  useEffect(() => void timeline.playheadMoved(playhead), [timeline, playhead]);
  useEffect(() => void timeline.durationKnown(durationMs), [timeline, durationMs]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => timeline.resized(element.clientWidth));
    observer.observe(element);
    timeline.resized(element.clientWidth);
    // Ctrl+wheel zooms at the pointer; a vertical wheel scrolls along time. Not passive: the page must not zoom or scroll.
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || event.metaKey) {
        event.preventDefault();
        timeline.zoomed({ by: event.deltaY > 0 ? 1 : -1, anchorMs: timeAt(element, event.clientX, scaleNow.current) });
      } else if (Math.abs(event.deltaY) > Math.abs(event.deltaX)) {
        event.preventDefault();
        element.scrollLeft += event.deltaY;
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      element.removeEventListener('wheel', onWheel);
    };
  }, [timeline]);

  // The view's start is the model's; the native scroll bar follows it (zoom, following the playhead).
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && Math.abs(element.scrollLeft * scale - view.start) > scale) element.scrollLeft = view.start / scale;
  }, [view, scale]);

  useEffect(() => {
    if (canvas.current) drawWaveform(canvas.current, view, tiles, getComputedStyle(canvas.current).color);
  }, [view, tiles]);

  const lastEnd = cues.length > 0 ? cues[cues.length - 1].end : 0;
  const totalMs = Math.max(durationMs, waveDuration, lastEnd, view.start + view.widthPx * scale);
  const from = view.start - MARGIN_PX * scale;
  const to = view.start + (view.widthPx + MARGIN_PX) * scale;
  // Between the video's timeupdates the line is moved directly: no React render per frame.
  usePlayingFrames(video ?? NO_VIDEO, (ms) => {
    if (playheadLine.current) playheadLine.current.style.left = `${ms / scaleNow.current}px`;
  });

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-cue-index]');
    const index = target ? Number(target.dataset.cueIndex) : -1;
    const part = ((event.target as HTMLElement).dataset.part ?? 'move') as DragPart;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current =
      index >= 0
        ? {
            index,
            part,
            x: event.clientX,
            start: cues[index].start,
            end: cues[index].end,
            previousEnd: cues[index - 1]?.end ?? null,
            nextStart: cues[index + 1]?.start ?? null,
            playhead,
            shotChanges,
            moved: false,
          }
        : null;
    if (index < 0) onSeek(timeAt(scroller.current!, event.clientX, scale));
  };

  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.x;
    if (!current.moved && Math.abs(dx) < DRAG_THRESHOLD_PX) return;
    current.moved = true;
    setPreview({ index: current.index, ...draggedCue(current, Math.round(dx * scale), scale, !event.altKey) });
  };

  const onPointerUp = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    drag.current = null;
    setPreview(null);
    if (!current) return;
    onPick(current.index);
    if (!current.moved) return onSeek(timeAt(scroller.current!, event.clientX, scale));
    const next = draggedCue(current, Math.round((event.clientX - current.x) * scale), scale, !event.altKey);
    if (current.part === 'start') onEdit({ kind: 'set', index: current.index, edge: 'start', ms: next.start });
    else if (current.part === 'end') onEdit({ kind: 'set', index: current.index, edge: 'end', ms: next.end });
    else if (next.start !== current.start)
      onEdit({ kind: 'shift', index: current.index, to: current.index, ms: next.start - current.start });
  };

  // A cue a colleague is on is outlined in their colour (the first one's, when several are there).
  const colourOn = new Map<string, string>();
  for (const colleague of colleagues)
    if (colleague.cue && !colourOn.has(colleague.cue)) colourOn.set(colleague.cue, colleague.color);
  const blocks: React.ReactNode[] = [];
  cues.forEach((cue, index) => {
    const colour = colourOn.get(cue.id);
    const shown = preview?.index === index ? { ...cue, start: preview.start, end: preview.end } : cue;
    if (shown.end < from || shown.start > to) return;
    blocks.push(
      <div
        key={cue.id}
        className={index === active ? 'timeline-cue timeline-cue-active' : 'timeline-cue'}
        data-cue-index={index}
        data-testid="timeline-cue"
        style={{
          left: shown.start / scale,
          width: Math.max(2, (shown.end - shown.start) / scale),
          ...(colour && { boxShadow: `inset 0 0 0 2px ${colour}` }),
        }}
      >
        <span className="timeline-cue-text">{cue.text}</span>
        <span className="timeline-edge timeline-edge-start" data-part="start" />
        <span className="timeline-edge timeline-edge-end" data-part="end" />
      </div>,
    );
  });

  const cuts = shotChanges
    .filter((ms) => ms >= from && ms <= to)
    .map((ms) => (
      <div key={ms} className="timeline-shot" data-testid="timeline-shot" data-ms={ms} style={{ left: ms / scale }} />
    ));

  return (
    <div className="timeline-frame">
      <div className="editor-timeline" aria-hidden="true" data-testid="editor-timeline" data-zoom-ms-per-px={scale}>
        <div
          ref={scroller}
          className="timeline-scroller"
          tabIndex={-1}
          onScroll={(event) => timeline.scrolled(event.currentTarget.scrollLeft * scale)}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            setPreview(null);
          }}
        >
          {/* No focus for the scroller on a click (its scroll bar still drags): the keys stay with the list. */}
          <div
            className="timeline-content"
            style={{ width: totalMs / scale }}
            onMouseDown={(event) => event.preventDefault()}
          >
            <canvas
              ref={canvas}
              className="timeline-wave"
              data-testid="timeline-wave"
              data-tiles={tiles.size}
              style={{ width: view.widthPx }}
            />
            {cuts}
            {blocks}
            <div
              ref={playheadLine}
              className="timeline-playhead"
              data-testid="timeline-playhead"
              style={{ left: playhead / scale }}
            />
          </div>
        </div>
        {preparing && <p className="timeline-note muted">Preparing the waveform…</p>}
        {failed && !preparing && tiles.size === 0 && <p className="timeline-note muted">No waveform for this video.</p>}
      </div>
      <TimelinePresence
        colleagues={colleagues}
        cues={cues}
        viewStart={view.start}
        msPerPx={scale}
        widthPx={view.widthPx}
      />
    </div>
  );
});

/** The time under a pointer's x in the scroller. */
function timeAt(element: HTMLElement, clientX: number, scale: number): number {
  return Math.max(0, Math.round((clientX - element.getBoundingClientRect().left + element.scrollLeft) * scale));
}
