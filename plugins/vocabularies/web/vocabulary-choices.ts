import type { ApiClient } from '../../../core';
import type { SetupResourceChoice } from '../../pipeline/web/extension-points';
import { VOCABULARIES_PATHS, type VocabulariesResponse } from '../common/vocabularies-contract';

/** The set-up picker's choices: the workspace's lists by name, with their size. */
export async function vocabularyChoices({ api, workspaceId }: { api: ApiClient; workspaceId: string }): Promise<SetupResourceChoice[]> {
  const { data } = await api.get<VocabulariesResponse>(VOCABULARIES_PATHS.vocabularies, { params: { workspaceId } });
  return data.data.map((list) => {
    const count = list.attributes.utterances.length;
    return { id: list.id, title: list.attributes.name, subtitle: `${count} ${count === 1 ? 'entry' : 'entries'}` };
  });
}
