import * as effector from 'effector';
import { announceEffect, apiEffect } from '../../../core';
import { createResourceListModel, type ResourceListDeps } from '../../../core/model/resource-list-model';
import {
  THEMES_MESSAGES as MESSAGES,
  THEMES_PATHS,
  type ThemeResource,
  type ThemeResponse,
  type ThemeStyle,
} from '../common/themes-contract';
import { createThemePreviewModel } from './theme-preview-model';

export type ThemeForm = { name: string } & ThemeStyle;

/**
 * The workspace's themes: core's resource list (paged, searched, created, changed, deleted, with
 * the toasts; 'Themes could not be loaded' verbatim, docs/product-contract.md#messages), duplicates, and the dialog's live
 * preview (theme-preview-model.ts).
 */
export function createThemesModel(deps: ResourceListDeps) {
  const list = createResourceListModel<ThemeResource, ThemeForm, Partial<ThemeForm>>(deps, {
    tag: 'themes',
    paths: { list: THEMES_PATHS.themes, one: THEMES_PATHS.theme },
    messages: MESSAGES,
  });
  /** Copies each theme named ("Name (copy)"), one request each. */
  const duplicateRequested = effector.createEvent<string[]>();
  const duplicateFx = apiEffect(async (ids: string[]) => {
    const copies: ThemeResource[] = [];
    for (const id of ids) copies.push((await deps.api.post<ThemeResponse>(THEMES_PATHS.duplicate(id), {})).data.data);
    return copies;
  });
  effector.sample({
    clock: duplicateRequested,
    source: duplicateFx.pending,
    filter: (pending, ids) => !pending && ids.length > 0,
    fn: (_, ids) => ids,
    target: duplicateFx,
  });
  list.$items.on(duplicateFx.doneData, (items, copies) =>
    [...items, ...copies].sort((a, b) => a.attributes.name.localeCompare(b.attributes.name)),
  );
  announceEffect({ toast: deps.toast, logger: deps.logger }, 'themes', duplicateFx, {
    done: MESSAGES.duplicated,
    fail: MESSAGES.notDuplicated,
  });
  return { ...list, duplicateRequested, duplicateFx, preview: createThemePreviewModel(deps) };
}

export type ThemesModel = ReturnType<typeof createThemesModel>;
