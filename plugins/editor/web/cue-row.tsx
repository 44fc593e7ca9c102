import { memo, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import type { EditorProblem } from './model/shot-change-problems';
import type { EditorCue } from './model/cue-edits';
import type { CueMatch } from './model/find-replace';
import { formatTime, type TimeFormat } from './model/timecode';
import type { Colleague } from './live/live-model';
import { ReviewBadge } from './review-status';

export interface CueRowProps {
  index: number;
  cue: EditorCue;
  editing: boolean;
  problems: EditorProblem[];
  /** A translation's source text over the same time; undefined for a transcript. */
  source?: string;
  /** Find matches in this cue's text (marked), and which of them is the current one. */
  matches?: CueMatch[];
  currentFrom?: number;
  /** hh:mm:ss.mmm or frames (the editor's setting). */
  timeFormat: TimeFormat;
  /** Colleagues on this cue (live editing), shown by their initials in their colour. */
  colleagues?: Colleague[];
  /** What other plugins mark on a cue (a comment count: ./cue-annotations.tsx). */
  Marker?: ComponentType<{ cueId: string }>;
  onText(index: number, text: string): void;
  onPick(index: number, edit: boolean): void;
}

/**
 * One cue: number, times, text (a textarea while it is edited, plain text otherwise, so the
 * page stays light with thousands of cues), the source beside a translation, and what it breaks
 * of the reading rules. Memoised: a keystroke repaints the cue typed in, not its neighbours.
 */
export const CueRow = memo(function CueRow({
  index,
  cue,
  editing,
  problems,
  source,
  matches,
  currentFrom,
  timeFormat,
  colleagues,
  Marker,
  onText,
  onPick,
}: CueRowProps) {
  const text = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (editing && text.current && document.activeElement !== text.current) text.current.focus();
  }, [editing]);
  return (
    <>
      <div role="gridcell" className="cue-number">
        {index + 1}
        {colleagues?.map((colleague) => (
          <span
            key={colleague.clientId}
            className="cue-presence"
            style={{ background: colleague.color }}
            title={`${colleague.name} is here`}
            data-testid="cue-presence"
          >
            <span aria-hidden="true">{colleague.initials}</span>
            <span className="visually-hidden">{colleague.name} is here</span>
          </span>
        ))}
        {Marker && <Marker cueId={cue.id} />}
      </div>
      <div role="gridcell" className="cue-times">
        <span>{formatTime(cue.start, timeFormat)}</span>
        <span>{formatTime(cue.end, timeFormat)}</span>
        <ReviewBadge review={cue.review} />
      </div>
      {source !== undefined && (
        // Named by its text, not an aria-label (axe's label-content-name-mismatch): "Source: …" is read out.
        <div role="gridcell" className="cue-source">
          <span className="visually-hidden">Source: </span>
          {source}
        </div>
      )}
      <div
        role="gridcell"
        className="cue-text-cell"
        onClick={() => onPick(index, false)}
        onDoubleClick={() => onPick(index, true)}
      >
        {cue.speaker && <span className="cue-speaker">{cue.speaker}</span>}
        {editing ? (
          <textarea
            ref={text}
            className={cue.italic ? 'cue-text-input cue-italic' : 'cue-text-input'}
            aria-label={`Text of cue ${index + 1}`}
            value={cue.text}
            rows={Math.max(2, cue.text.split('\n').length)}
            onChange={(event) => onText(index, event.target.value)}
          />
        ) : (
          <div
            className={cue.italic ? 'cue-text cue-italic' : 'cue-text'}
            data-italic={cue.italic ? 'true' : undefined}
          >
            {cue.text ? marked(cue.text, matches, currentFrom) : <span className="muted">(empty)</span>}
          </div>
        )}
      </div>
      <div role="gridcell" className="cue-problems">
        {problems.length > 0 && (
          <ul aria-label={`Problems of cue ${index + 1}`}>
            {problems.map((problem) => (
              <li key={problem.rule}>
                <span aria-hidden="true">⚠ </span>
                {problem.message}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
});

/** The text with its find matches in <mark>s (the current one told apart), or the plain text. */
function marked(text: string, matches: CueMatch[] | undefined, currentFrom: number | undefined) {
  if (!matches?.length) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    parts.push(text.slice(at, match.from));
    const current = match.from === currentFrom;
    parts.push(
      <mark
        key={match.from}
        className={current ? 'cue-match cue-match-current' : 'cue-match'}
        aria-current={current ? 'true' : undefined}
      >
        {text.slice(match.from, match.to)}
      </mark>,
    );
    at = match.to;
  }
  parts.push(text.slice(at));
  return parts;
}
