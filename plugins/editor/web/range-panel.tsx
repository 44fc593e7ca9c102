import type { EditorModel } from './model/editor-model';
import type { EditorCue } from './model/cue-edits';
import { knownSpeakers } from './model/speakers';
import { ShiftPanel } from './shift-panel';
import { SpeakerPicker } from './speaker-picker';

/** The popups that act on the selected range of cues: shift their times, or set their speaker. */
export function RangePanel({
  panel,
  model,
  cues,
  range,
  onClose,
}: {
  panel: 'shift' | 'speaker';
  model: EditorModel;
  cues: readonly EditorCue[];
  range: { from: number; to: number };
  onClose: () => void;
}) {
  if (panel === 'shift')
    return (
      <ShiftPanel
        cues={cues}
        range={range}
        onShift={(from, to, ms) => model.edited({ kind: 'shift', index: from, to, ms })}
        onClose={onClose}
      />
    );
  return (
    <SpeakerPicker
      known={knownSpeakers(cues)}
      current={cues[range.from]?.speaker ?? ''}
      count={range.to - range.from + 1}
      onPick={(speaker) => model.edited({ kind: 'speaker', index: range.from, to: range.to, speaker })}
      onClose={onClose}
    />
  );
}
