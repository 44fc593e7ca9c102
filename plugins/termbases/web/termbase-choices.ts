import { languageName } from '../../../core/common/language-name';
import { TOKENS, type ApiClient, type CommandChoice, type CommandContext } from '../../../core';
import type { SetupResourceChoice } from '../../pipeline/web/extension-points';
import { TERMBASES_PATHS, type TermbaseResource, type TermbasesResponse } from '../common/termbases-contract';
import { termbasesModel } from './termbases-model-loader';

export type TermbaseAction = 'rename' | 'delete' | 'import';

const PAGE = '/termbases';

/** "English, Spanish · 12 entries": what tells two term bases apart in a list of names. */
export function termbaseSummary(termbase: TermbaseResource): string {
  const count = termbase.attributes.entriesCount;
  return `${termbase.attributes.languages.map(languageName).join(', ')} · ${count} ${count === 1 ? 'entry' : 'entries'}`;
}

async function termbases(api: ApiClient, workspaceId: string, search = ''): Promise<TermbaseResource[]> {
  const { data } = await api.get<TermbasesResponse>(TERMBASES_PATHS.termbases, {
    params: { workspaceId, ...(search.trim() ? { search: search.trim() } : {}) },
  });
  return data.data;
}

/** The set-up picker's choices: the workspace's term bases by name, with their languages and size. */
export async function termbasePickerChoices({
  api,
  workspaceId,
}: {
  api: ApiClient;
  workspaceId: string;
}): Promise<SetupResourceChoice[]> {
  return (await termbases(api, workspaceId)).map((termbase) => ({
    id: termbase.id,
    title: termbase.attributes.name,
    subtitle: termbaseSummary(termbase),
  }));
}

/**
 * "Rename term base…", "Delete term base…", "Import terms…": the workspace's term bases matching
 * what is typed (the list call's own search); choosing one opens the popup for it: rename and
 * delete on the list, import on the term base's own page, where the new entries show.
 */
export async function termbaseCommandChoices(
  ctx: CommandContext,
  search: string,
  action: TermbaseAction,
): Promise<CommandChoice[]> {
  const workspaceId = ctx.when.workspaceId;
  if (!workspaceId) return [];
  return (await termbases(ctx.container.get(TOKENS.ApiClient), workspaceId, search)).map((termbase) => ({
    id: termbase.id,
    title: termbase.attributes.name,
    subtitle: termbaseSummary(termbase),
    run: async (c) => {
      c.navigate(action === 'import' ? `${PAGE}/${termbase.id}` : PAGE);
      (await termbasesModel.load(c.container)).dialogOpened({ kind: action, termbase });
    },
  }));
}
