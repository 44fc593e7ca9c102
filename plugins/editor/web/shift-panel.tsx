import { useState } from 'react';
import { Dialog } from '../../../core/ui';
import { FRAME_MS, type EditorCue } from './model/cue-edits';
import { shiftRange } from './model/shift-range';

type Scope = 'selection' | 'toEnd' | 'all';

/**
 * "Shift times…" (Alt+T): the selected cues, this cue to the end, or all, by a number of
 * milliseconds (negative is earlier). What will really move is shown before applying: a shift
 * is cut short rather than run into a neighbour or below zero.
 */
export function ShiftPanel({
  cues,
  range,
  onShift,
  onClose,
}: {
  cues: readonly EditorCue[];
  range: { from: number; to: number };
  onShift(from: number, to: number, ms: number): void;
  onClose(): void;
}) {
  const [ms, setMs] = useState('');
  const [scope, setScope] = useState<Scope>(range.from === range.to ? 'toEnd' : 'selection');
  const last = cues.length - 1;
  const [from, to] = scope === 'all' ? [0, last] : scope === 'toEnd' ? [range.from, last] : [range.from, range.to];
  const asked = Math.round(Number(ms));
  const valid = ms.trim() !== '' && Number.isFinite(asked);
  const applied = valid ? shiftRange(cues, from, to, asked).appliedMs : 0;
  const count = to - from + 1;
  const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n)} ms`;
  const preview = !valid
    ? `Type the milliseconds (negative is earlier; a frame is ${FRAME_MS} ms).`
    : applied === asked
      ? `Moves ${count} ${count === 1 ? 'cue' : 'cues'} by ${signed(applied)}.`
      : applied === 0
        ? 'Nothing can move that way: the cues would come closer to their neighbour than the minimum gap, or go below zero.'
        : `Cut short to ${signed(applied)}: further, the cues would come closer to their neighbour than the minimum gap, or go below zero.`;

  return (
    <Dialog label="Shift times" onClose={onClose} className="editor-shift">
      <h2>Shift times</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (applied !== 0) onShift(from, to, applied);
          onClose();
        }}
      >
        <label>
          Shift by (milliseconds)
          <input
            type="number"
            step={FRAME_MS}
            value={ms}
            onChange={(e) => setMs(e.target.value)}
            data-autofocus
            aria-describedby="editor-shift-preview"
          />
        </label>
        <fieldset>
          <legend>Cues</legend>
          <label>
            <input
              type="radio"
              name="shift-scope"
              checked={scope === 'selection'}
              onChange={() => setScope('selection')}
            />
            {range.from === range.to
              ? `This cue (${range.from + 1})`
              : `Selected cues (${range.from + 1}–${range.to + 1})`}
          </label>
          <label>
            <input type="radio" name="shift-scope" checked={scope === 'toEnd'} onChange={() => setScope('toEnd')} />
            From cue {range.from + 1} to the end
          </label>
          <label>
            <input type="radio" name="shift-scope" checked={scope === 'all'} onChange={() => setScope('all')} />
            All cues
          </label>
        </fieldset>
        <p id="editor-shift-preview" role="status">
          {preview}
        </p>
        <div className="editor-dialog-actions">
          <button type="submit" className="button button-primary" disabled={applied === 0}>
            Shift
          </button>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
