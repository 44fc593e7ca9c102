import { useUnit } from 'effector-react';
import { READING_RULES } from '../../pipeline/common/craft/cue-types';
import type { RulesModel } from './model/rules-model';

/** Which limits the problems column checks: the pipeline's own, or a guideline of the workspace. */
export function RulesPicker({ rules }: { rules: RulesModel }) {
  const [choices, chosenId] = useUnit([rules.$choices, rules.$chosenId]);
  if (choices.length === 0) return null;
  return (
    <label className="editor-rules">
      Reading rules
      <select value={chosenId} onChange={(event) => rules.chosen(event.target.value)}>
        <option value="">Polycue’s reading rules ({READING_RULES.maxCharsPerSecond} characters a second)</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
            {choice.isRun ? ' · this subtitle’s run' : choice.isDefault ? ' · workspace default' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
