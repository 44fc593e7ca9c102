import { useEffect, useMemo } from 'react';
import { useUnit } from 'effector-react';
import { TOKENS, useService } from '../../../core';
import { SUBTITLES_PATHS, type CuesResponse } from '../../subtitles/common/subtitles-contract';
import { readingRulesSources, type SubtitleCueViewProps } from '../../subtitles/web/extension-points';
import { createEditorModel } from './model/editor-model';
import { createFindModel } from './model/find-model';
import { createRulesModel } from './model/rules-model';

/**
 * The editor's models for one opened subtitle: the cues and their saving (kept in the browser
 * until saved), find, and the reading rules checked; opened and closed with the view.
 */
export function useEditorModels({
  projectVersionId,
  subtitleId,
  loaded,
}: Pick<SubtitleCueViewProps, 'projectVersionId' | 'subtitleId' | 'loaded'>) {
  const api = useService(TOKENS.ApiClient);
  const attributes = loaded.data.attributes;
  const model = useMemo(
    () =>
      createEditorModel({
        storage: window.localStorage,
        onOnline: (listener) => {
          window.addEventListener('online', listener);
          return () => window.removeEventListener('online', listener);
        },
        save: async ({ subtitleId: id, revision, cues }) => ({
          revision: (await api.put<CuesResponse>(SUBTITLES_PATHS.cues(projectVersionId, id), { revision, cues })).data
            .data.attributes.revision,
        }),
      }),
    // One model per subtitle opened (the page remounts this view for another one).
    [api, projectVersionId, subtitleId],
  );
  useEffect(() => {
    model.opened({ subtitleId, language: attributes.language, revision: attributes.revision, cues: loaded.cues });
    // The browser copy waits for a pause in typing: write it now when the tab is hidden or closed.
    const flush = () => model.draftFlushed();
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      flush();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      model.closed();
    };
  }, [model]);

  const find = useMemo(() => createFindModel(model), [model]);
  // The limits checked: this subtitle's chosen guideline, else the workspace's default one (offered
  // by the guidelines plugin through the subtitles plugin's point: none without it).
  const workspaceId = useUnit(useService(TOKENS.AppModel).$currentWorkspaceId);
  // A reviewer (docs/roles.md) reads the text and sets review states; the server refuses the rest
  // anyway. It says so with the cues, for the subtitle's own account (not the one the sidebar shows).
  const reviewOnly = loaded.meta.reviewOnly === true;
  useEffect(() => void model.reviewOnlySet(reviewOnly), [model, reviewOnly]);
  const registry = useService(TOKENS.PluginRegistry);
  const rules = useMemo(
    () =>
      createRulesModel({
        storage: window.localStorage,
        rulesSet: model.rulesSet,
        loadChoices: async () => {
          if (!workspaceId) return [];
          const sources = [...registry.contributions(readingRulesSources)].sort(
            (a, b) => (a.order ?? 100) - (b.order ?? 100),
          );
          const lists = await Promise.all(
            sources.map((source) => source.choices({ api, workspaceId, projectVersionId }).catch(() => [])),
          );
          return lists.flat();
        },
      }),
    [model, api, registry, workspaceId, projectVersionId],
  );
  useEffect(() => {
    rules.opened(subtitleId);
  }, [rules, subtitleId]);
  return { model, find, rules, reviewOnly };
}
