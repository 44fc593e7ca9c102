import { Dialog } from '../../../core/ui';
import { EDITOR_KEYS, keyLabels } from './editor-keys';
import type { EditorCue } from './model/cue-edits';
import type { SaveState, Theirs } from './model/save-sync';
import { formatTime, type TimeFormat } from './model/timecode';

const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  saving: 'Saving…',
  offline: 'Offline: your edits are kept in this browser and saved when the network is back',
  failed: 'Not saved yet: your edits are kept in this browser and saved with the next change',
  conflict: 'Not saved: the subtitle was changed elsewhere',
};

export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p className={`editor-save editor-save-${state}`} role="status" data-testid="editor-save-state">
      {SAVE_TEXT[state]}
    </p>
  );
}

/** The help overlay (`?`): the key table the handler and the palette use. */
export function KeyHelp({ onClose }: { onClose(): void }) {
  return (
    <Dialog label="Editor keyboard shortcuts" onClose={onClose} className="editor-help">
      <h2>Editor keyboard shortcuts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Keys</th>
          </tr>
        </thead>
        <tbody>
          {EDITOR_KEYS.map((key) => (
            <tr key={key.action}>
              <td>{key.title}</td>
              <td>
                {keyLabels(key).map((label) => (
                  <kbd key={label}>{label}</kbd>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </Dialog>
  );
}

/** A cue as the conflict banner shows it: its start and its text, in italics when the cue is. */
interface ShownCue {
  start: string;
  text: string;
  italic: boolean;
}

/** Cues that differ at the same position (text, times or italics), for showing both versions side by side (first 50). */
function differences(mine: readonly EditorCue[], theirs: Theirs['cues'], format: TimeFormat) {
  const out: { index: number; mine?: ShownCue; theirs?: ShownCue }[] = [];
  const show = (cue?: { start: number; text: string; italic?: boolean }): ShownCue | undefined =>
    cue && { start: formatTime(cue.start, format), text: cue.text, italic: cue.italic === true };
  for (let i = 0; i < Math.max(mine.length, theirs.length) && out.length < 50; i++) {
    const a = mine[i];
    const b = theirs[i];
    if (
      !a ||
      !b ||
      a.text !== b.text ||
      a.start !== b.start ||
      a.end !== b.end ||
      (a.italic === true) !== (b.italic === true)
    )
      out.push({ index: i, mine: show(a), theirs: show(b) });
  }
  return out;
}

/** One side of a difference; italics as the cue list shows them (.cue-italic), so a change of italics alone is seen. */
function ShownCueCell({ cue }: { cue?: ShownCue }) {
  if (!cue) return <td>—</td>;
  return (
    <td>
      {cue.start}{' '}
      <span className={cue.italic ? 'cue-italic' : undefined} data-italic={cue.italic ? 'true' : undefined}>
        {cue.text}
      </span>
    </td>
  );
}

/**
 * A save refused because someone changed the subtitle meanwhile: both versions, and the two ways
 * out. Nothing is overwritten until one is chosen; "Take theirs" can be undone.
 */
export function ConflictBanner({
  mine,
  theirs,
  timeFormat,
  onKeepMine,
  onTakeTheirs,
}: {
  mine: readonly EditorCue[];
  theirs: Theirs;
  timeFormat: TimeFormat;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  const rows = differences(mine, theirs.cues, timeFormat);
  return (
    <section className="editor-conflict" role="alert" aria-label="Conflict">
      <p>
        <strong>This subtitle was changed elsewhere while you edited it.</strong> Your version ({mine.length} cues) and
        theirs ({theirs.cues.length} cues) differ in {rows.length === 50 ? 'at least 50' : rows.length}{' '}
        {rows.length === 1 ? 'cue' : 'cues'}:
      </p>
      <table className="editor-conflict-table">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Your version</th>
            <th scope="col">Their version</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.index}>
              <td>{row.index + 1}</td>
              <ShownCueCell cue={row.mine} />
              <ShownCueCell cue={row.theirs} />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="editor-conflict-actions">
        <button type="button" className="button button-primary" onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="button" onClick={onTakeTheirs}>
          Take theirs
        </button>
      </div>
    </section>
  );
}
