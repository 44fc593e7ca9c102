import { normaliseError, TOKENS, type Command, type CommandChoice, type CommandContext } from '../../../core';
import { REVIEW_SETTINGS_PATH, type ReviewSettings } from '../common/subtitles-contract';

export const REVIEW_SETTING_MESSAGES = {
  saved: 'Review setting saved',
  notSaved: 'Review setting could not be saved',
} as const;

/**
 * "Exports require approved cues…": the workspace's two choices, the current one said so;
 * choosing one saves it (account admins only: the server answers 403 to others).
 */
export async function reviewSettingChoices(ctx: CommandContext): Promise<CommandChoice[]> {
  const workspaceId = ctx.when.workspaceId;
  if (!workspaceId) return [];
  const api = ctx.container.get(TOKENS.ApiClient);
  const toast = ctx.container.get(TOKENS.ToastService);
  const { data } = await api.get<{ data: ReviewSettings }>(REVIEW_SETTINGS_PATH(workspaceId));
  const current = data.data.exportsRequireApproval;
  const choice = (value: boolean, title: string): CommandChoice => ({
    id: String(value),
    title,
    subtitle: value === current ? 'Current setting of this workspace' : undefined,
    run: async () => {
      try {
        await api.put(REVIEW_SETTINGS_PATH(workspaceId), { exportsRequireApproval: value });
        toast.success(REVIEW_SETTING_MESSAGES.saved, title);
      } catch (error) {
        toast.error(REVIEW_SETTING_MESSAGES.notSaved, normaliseError(error).message);
      }
    },
  });
  return [
    choice(true, 'Exports and downloads need every cue approved'),
    choice(false, 'Exports and downloads take cues in any review state'),
  ];
}

/**
 * The palette command, registered by the version page's subtitles section while it is shown (a
 * lazy chunk: nothing added to the app's first JavaScript), for account admins.
 */
export const reviewSettingCommand: Command = {
  id: 'subtitles.reviewSetting',
  title: 'Exports require approved cues…',
  group: 'Subtitles',
  keywords: ['review', 'approved', 'approval', 'export', 'download', 'setting', 'workspace'],
  choicesPlaceholder: 'Setting…',
  when: (ctx) => ctx.isMember && ctx.workspaceId !== null && !!ctx.isAccountAdmin,
  choices: (ctx) => reviewSettingChoices(ctx),
};
