import * as effector from 'effector';
import { announceEffect, apiEffect } from '../../../core';
import { createResourceListModel, type ResourceListDeps } from '../../../core/model/resource-list-model';
import {
  GUIDELINES_MESSAGES as MESSAGES,
  GUIDELINES_PATHS,
  type GuidelineParameters,
  type GuidelineResource,
  type GuidelineResponse,
} from '../common/guidelines-contract';

export interface GuidelineForm {
  name: string;
  prompt: string;
  parameters: GuidelineParameters;
}

/**
 * The workspace's guidelines: core's resource list (paged, searched, created, changed, deleted,
 * the contract's (docs/product-contract.md#messages) toasts), plus the default: one guideline offered first at set-up.
 */
export function createGuidelinesModel(deps: ResourceListDeps) {
  const list = createResourceListModel<GuidelineResource, GuidelineForm, Partial<GuidelineForm>>(deps, {
    tag: 'guidelines',
    paths: { list: GUIDELINES_PATHS.guidelines, one: GUIDELINES_PATHS.guideline },
    messages: MESSAGES,
  });
  /** Makes it the default (`update_default`), or clears it when it is (`destroy_default`). */
  const defaultToggled = effector.createEvent<GuidelineResource>();
  const toggleDefaultFx = apiEffect(async (guideline: GuidelineResource) => {
    const request = guideline.attributes.isDefault
      ? deps.api.delete<GuidelineResponse>(GUIDELINES_PATHS.destroyDefault(guideline.id))
      : deps.api.put<GuidelineResponse>(GUIDELINES_PATHS.updateDefault(guideline.id), {});
    return (await request).data.data;
  });
  effector.sample({
    clock: defaultToggled,
    source: toggleDefaultFx.pending,
    filter: (pending) => !pending,
    fn: (_, guideline) => guideline,
    target: toggleDefaultFx,
  });
  // One default at a time: the others are no longer it.
  list.$items.on(toggleDefaultFx.doneData, (items, changed) =>
    items.map((item) =>
      item.id === changed.id
        ? changed
        : changed.attributes.isDefault && item.attributes.isDefault
          ? { ...item, attributes: { ...item.attributes, isDefault: false } }
          : item,
    ),
  );
  announceEffect({ toast: deps.toast, logger: deps.logger }, 'guidelines', toggleDefaultFx, {
    fail: MESSAGES.defaultNotChanged,
  });
  effector.sample({
    clock: toggleDefaultFx.doneData,
    fn: (changed) => ({
      kind: 'success' as const,
      title: changed.attributes.isDefault ? MESSAGES.defaultSet : MESSAGES.defaultCleared,
    }),
    target: deps.toast.shown,
  });
  return { ...list, defaultToggled, toggleDefaultFx };
}

export type GuidelinesModel = ReturnType<typeof createGuidelinesModel>;
