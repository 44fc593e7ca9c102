import * as effector from 'effector';
import type { AppModel } from '../../../../core';
import type { SetupResourceChoice, SetupResourceField, SetupResourcePicker } from '../extension-points';
import type { PipelineModelDeps } from './pipeline-deps';
import type { SetupTarget } from './setup-types';

const { createEffect, createEvent, createStore, sample } = effector;

/** A picker as the popup shows it: its choices (empty while loading or when they failed). */
export interface PickerState {
  id: string;
  field: SetupResourceField;
  label: string;
  hint?: string;
  choices: SetupResourceChoice[];
  failed: boolean;
}

/** The chosen resource id per settings field (absent: none). */
export type ChosenResources = Partial<Record<SetupResourceField, string>>;

/**
 * The workspace resources of the set-up popups, contributed by other plugins
 * (extension-points.ts): when a popup opens, each picker meant for it loads its choices; a picker
 * that fails shows no choices and does not stop the others or the set-up.
 */
export function createResourcePickersModel(
  deps: PipelineModelDeps,
  units: { opened: effector.Event<SetupTarget>; reset: effector.Unit<any>[]; app: AppModel },
) {
  const resourceChosen = createEvent<{ field: SetupResourceField; id: string | null }>();

  const loadChoicesFx = createEffect(
    async ({ target, workspaceId }: { target: SetupTarget; workspaceId: string }): Promise<PickerState[]> => {
      const pickers = (deps.resourcePickers?.() ?? [])
        .filter((picker: SetupResourcePicker) => !picker.kinds || picker.kinds.includes(target.kind))
        .sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
      return Promise.all(
        pickers.map(async ({ id, field, label, hint, choices }) => {
          try {
            return { id, field, label, hint, choices: await choices({ api: deps.api, workspaceId }), failed: false };
          } catch (error) {
            deps.logger.error(`[pipeline] set-up picker "${id}" could not load its choices`, error);
            return { id, field, label, hint, choices: [], failed: true };
          }
        }),
      );
    },
  );

  const $pickers = createStore<PickerState[]>([])
    .on(loadChoicesFx.doneData, (_, pickers) => pickers)
    .reset(units.opened, ...units.reset);
  const $chosen = createStore<ChosenResources>({})
    .on(resourceChosen, (chosen, { field, id }) => {
      const next = { ...chosen };
      if (id) next[field] = id;
      else delete next[field];
      return next;
    })
    // A picker's preselected choice (a default) is chosen as its choices arrive.
    .on(loadChoicesFx.doneData, (chosen, pickers) => {
      const next = { ...chosen };
      for (const picker of pickers) {
        const preselected = picker.choices.find((choice) => choice.preselected);
        if (preselected && !next[picker.field]) next[picker.field] = preselected.id;
      }
      return next;
    })
    .reset(units.opened, ...units.reset);

  sample({
    clock: units.opened,
    source: units.app.$currentWorkspaceId,
    filter: (workspaceId: string | null) => workspaceId !== null,
    fn: (workspaceId, target) => ({ target, workspaceId: workspaceId! }),
    target: loadChoicesFx,
  });

  return { resourceChosen, loadChoicesFx, $pickers, $chosen };
}
