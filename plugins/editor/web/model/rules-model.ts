import * as effector from 'effector';
import type { ReadingRules } from '../../../pipeline/common/craft/cue-types';
import type { DraftStorage } from './local-draft';

const { createEffect, createEvent, createStore, sample } = effector;

/**
 * A set of reading-rule limits the editor can check against: one a plugin offers through the
 * subtitles plugin's `readingRulesSources` (the guidelines plugin: a guideline of the workspace),
 * or the pipeline's own.
 */
export interface RulesChoice {
  /** A guideline's id; '' for the pipeline's built-in rules. */
  id: string;
  label: string;
  rules: Partial<ReadingRules>;
  isDefault: boolean;
  /** The guideline the pipeline run that made the subtitle was set up with. */
  isRun?: boolean;
}

interface RulesDeps {
  storage: DraftStorage;
  /** The choices plugins offer (empty without the guidelines plugin or on failure). */
  loadChoices(): Promise<RulesChoice[]>;
  /** Where the limits in force go (the editor model's rulesSet). */
  rulesSet: effector.EventCallable<Partial<ReadingRules>>;
}

const chosenKey = (subtitleId: string) => `polycue.editor.rules.${subtitleId}`;

/**
 * Which limits the editor checks the cues against: the guideline chosen here for this subtitle
 * (remembered in the browser), else the one its pipeline run was set up with, else the
 * workspace's default guideline, else the pipeline's own rules. The limits go to the same checkReadingRules the pipeline runs.
 */
export function createRulesModel(deps: RulesDeps) {
  const opened = createEvent<string>();
  const chosen = createEvent<string>();
  const loadFx = createEffect(async (subtitleId: string) => {
    const choices = await deps.loadChoices().catch(() => [] as RulesChoice[]);
    let remembered: string | null = null;
    try {
      remembered = deps.storage.getItem(chosenKey(subtitleId));
    } catch {
      // Storage disabled: the default applies.
    }
    // '' remembered: the pipeline's own rules were chosen; a guideline since deleted: the default again.
    const pick =
      remembered === ''
        ? undefined
        : (choices.find((c) => c.id === remembered) ??
          choices.find((c) => c.isRun) ??
          choices.find((c) => c.isDefault));
    return { subtitleId, choices, chosenId: pick?.id ?? '' };
  });
  sample({ clock: opened, target: loadFx });
  const $subtitleId = createStore('').on(loadFx.doneData, (_, r) => r.subtitleId);
  const $choices = createStore<RulesChoice[]>([]).on(loadFx.doneData, (_, r) => r.choices);
  const $chosenId = createStore('')
    .on(loadFx.doneData, (_, r) => r.chosenId)
    .on(chosen, (_, id) => id);
  const rememberFx = createEffect(({ subtitleId, id }: { subtitleId: string; id: string }) => {
    try {
      deps.storage.setItem(chosenKey(subtitleId), id);
    } catch {
      // Not remembered: this visit still uses it.
    }
  });
  sample({ clock: chosen, source: $subtitleId, fn: (subtitleId, id) => ({ subtitleId, id }), target: rememberFx });
  /** The limits in force (empty: the pipeline's defaults). */
  const $rules = sample({
    source: { choices: $choices, id: $chosenId },
    fn: ({ choices, id }) => choices.find((c) => c.id === id)?.rules ?? {},
  });
  sample({ clock: $rules, target: deps.rulesSet });
  return { opened, chosen, $choices, $chosenId, $rules, loadFx };
}

export type RulesModel = ReturnType<typeof createRulesModel>;
