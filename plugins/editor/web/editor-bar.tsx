import { useCallback, useState } from 'react';
import { SaveStatus } from './editor-panels';
import type { DraftStorage } from './model/local-draft';
import type { SaveState } from './model/save-sync';
import { FRAMES_PER_SECOND, readTimeFormat, writeTimeFormat, type TimeFormat } from './model/timecode';
import type { RulesModel } from './model/rules-model';
import { RulesPicker } from './rules-picker';

/** The times' format (./model/timecode.ts), remembered in this browser. */
export function useTimeFormat(storage: DraftStorage): [TimeFormat, (format: TimeFormat) => void] {
  const [format, setFormat] = useState<TimeFormat>(() => readTimeFormat(storage));
  const choose = useCallback(
    (next: TimeFormat) => {
      setFormat(next);
      writeTimeFormat(storage, next);
    },
    [storage],
  );
  return [format, choose];
}

interface EditorBarProps {
  saveState: SaveState;
  rules: RulesModel;
  count: number;
  /** Cues with reading problems. */
  flagged: number;
  onNextProblem(): void;
  onHelp(): void;
  /** Null when no plugin offers exports (no button). */
  onExport: (() => void) | null;
  timeFormat: TimeFormat;
  onTimeFormat(format: TimeFormat): void;
}

/** The editor's bar beside the video: save state, the rules checked, the problems count, the buttons and the times' format. */
export function EditorBar({
  saveState,
  rules,
  count,
  flagged,
  onNextProblem,
  onHelp,
  onExport,
  timeFormat,
  onTimeFormat,
}: EditorBarProps) {
  return (
    <div className="editor-bar">
      <SaveStatus state={saveState} />
      <RulesPicker rules={rules} />
      <p data-testid="editor-problems">
        {count} cues ·{' '}
        {flagged === 0
          ? 'no reading problems'
          : flagged === 1
            ? '1 cue with reading problems'
            : `${flagged} cues with reading problems`}
      </p>
      <button type="button" className="button" onClick={onNextProblem} disabled={flagged === 0}>
        Next problem (F8)
      </button>
      <button type="button" className="button" onClick={onHelp}>
        Keys (?)
      </button>
      {onExport && (
        <button type="button" className="button" onClick={onExport}>
          Export…
        </button>
      )}
      <label className="editor-time-format">
        Times
        <select value={timeFormat} onChange={(event) => onTimeFormat(event.target.value as TimeFormat)}>
          <option value="ms">hh:mm:ss.mmm</option>
          <option value="frames">hh:mm:ss:ff ({FRAMES_PER_SECOND} fps)</option>
        </select>
      </label>
    </div>
  );
}
