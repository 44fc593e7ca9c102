import { memo } from 'react';
import type { EditorCue } from '../model/cue-edits';
import type { Colleague } from '../live/live-model';

/** A marker's width (px, as timeline.css draws it): the next colleague on the same cue sits beside. */
const MARKER_PX = 22;

export interface TimelinePresenceProps {
  colleagues: readonly Colleague[];
  cues: readonly EditorCue[];
  /** The time at the window's left edge and the scale, as the timeline shows them. */
  viewStart: number;
  msPerPx: number;
  widthPx: number;
}

/** Where each colleague is on the timeline: the cue's index and their place among those on it. */
export function presenceMarks(colleagues: readonly Colleague[], cues: readonly EditorCue[]) {
  const indexOf = new Map(cues.map((cue, index) => [cue.id, index]));
  const onCue = new Map<number, number>();
  const marks: { colleague: Colleague; index: number; slot: number }[] = [];
  for (const colleague of colleagues) {
    const index = colleague.cue === null ? undefined : indexOf.get(colleague.cue);
    if (index === undefined) continue;
    const slot = onCue.get(index) ?? 0;
    onCue.set(index, slot + 1);
    marks.push({ colleague, index, slot });
  }
  return marks;
}

/**
 * The colleagues editing with me, each at the start of the cue they are on, in their colour with
 * their initials (live editing, issue #25). A layer over the timeline, outside its aria-hidden
 * part: the timeline is for the mouse, but who is where is worth hearing, so each marker is an
 * image named "Ana is on cue 12". One whose cue is outside the window waits at the nearer edge
 * with an arrow, so nobody disappears from the timeline by scrolling. Clicks go through to the
 * cue under it (pointer-events: none).
 */
export const TimelinePresence = memo(function TimelinePresence({
  colleagues,
  cues,
  viewStart,
  msPerPx,
  widthPx,
}: TimelinePresenceProps) {
  const marks = presenceMarks(colleagues, cues);
  if (marks.length === 0 || widthPx <= 0) return null;
  return (
    <div className="timeline-presence" data-testid="timeline-presence">
      {marks.map(({ colleague, index, slot }) => {
        const at = (cues[index].start - viewStart) / msPerPx + slot * MARKER_PX;
        const side = at < 0 ? 'before' : at > widthPx - MARKER_PX ? 'after' : null;
        const place = side === 'after' ? { right: slot * MARKER_PX } : { left: Math.max(0, at) };
        const name = `${colleague.name} is on cue ${index + 1}`;
        return (
          <span
            key={colleague.clientId}
            role="img"
            aria-label={name}
            title={name}
            className="timeline-presence-mark"
            data-testid="timeline-presence-mark"
            data-cue-index={index}
            data-offscreen={side ?? undefined}
            style={{ ...place, background: colleague.color }}
          >
            {side === 'before' && '◂'}
            {colleague.initials}
            {side === 'after' && '▸'}
          </span>
        );
      })}
    </div>
  );
});
