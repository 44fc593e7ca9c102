import type { ApiClient, CommandContext } from '../../../core';
import { resourceCommandChoices } from '../../../core/model/resource-choices';
import type { SetupResourceChoice } from '../../pipeline/web/extension-points';
import {
  VOCABULARIES_PATHS,
  type VocabulariesResponse,
  type VocabularyResource,
} from '../common/vocabularies-contract';
import { VOCABULARIES_PAGE } from '../common/vocabularies-page-path';
import { vocabulariesModel } from './vocabularies-model-loader';

/** The set-up picker's choices: the workspace's lists by name, with their size. */
export async function vocabularyChoices({
  api,
  workspaceId,
}: {
  api: ApiClient;
  workspaceId: string;
}): Promise<SetupResourceChoice[]> {
  const { data } = await api.get<VocabulariesResponse>(VOCABULARIES_PATHS.vocabularies, { params: { workspaceId } });
  return data.data.map((list) => {
    const count = list.attributes.utterances.length;
    return { id: list.id, title: list.attributes.name, subtitle: `${count} ${count === 1 ? 'entry' : 'entries'}` };
  });
}

/** "Rename vocabulary list…" / "Delete vocabulary list…": the lists matching what is typed; one opens its popup on the page. */
export const vocabularyCommandChoices = (ctx: CommandContext, search: string, action: 'edit' | 'delete') =>
  resourceCommandChoices<VocabularyResource>(ctx, search, {
    listPath: VOCABULARIES_PATHS.vocabularies,
    page: VOCABULARIES_PAGE,
    action,
    model: (c) => vocabulariesModel.load(c),
  });
