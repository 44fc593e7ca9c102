import type { ApiClient, CommandContext } from '../../../core';
import { resourceCommandChoices } from '../../../core/model/resource-choices';
import type { SetupResourceChoice } from '../../pipeline/web/extension-points';
import {
  GUIDELINES_PAGE,
  GUIDELINES_PATHS,
  type GuidelineResource,
  type GuidelinesResponse,
} from '../common/guidelines-contract';
import { guidelinesModel } from './guidelines-model-loader';

/** The set-up picker's choices: the workspace's guidelines, the default first and saying so. */
export async function guidelineChoices({
  api,
  workspaceId,
}: {
  api: ApiClient;
  workspaceId: string;
}): Promise<SetupResourceChoice[]> {
  const { data } = await api.get<GuidelinesResponse>(GUIDELINES_PATHS.guidelines, { params: { workspaceId } });
  return data.data.map((guideline) => {
    const words = guideline.attributes.parameters.doNotTranslate?.length ?? 0;
    const notes = [
      guideline.attributes.isDefault ? 'default' : null,
      words ? `${words} ${words === 1 ? 'word' : 'words'} kept as they are` : null,
    ].filter(Boolean);
    return {
      id: guideline.id,
      title: guideline.attributes.name,
      subtitle: notes.join(' · ') || undefined,
      preselected: guideline.attributes.isDefault,
    };
  });
}

/** "Rename guideline…" / "Delete guideline…": the guidelines matching what is typed; one opens its popup on the page. */
export const guidelineCommandChoices = (ctx: CommandContext, search: string, action: 'edit' | 'delete') =>
  resourceCommandChoices<GuidelineResource>(ctx, search, {
    listPath: GUIDELINES_PATHS.guidelines,
    page: GUIDELINES_PAGE,
    action,
    model: (c) => guidelinesModel.load(c),
  });
