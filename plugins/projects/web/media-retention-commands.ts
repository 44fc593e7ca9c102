import type { Command, CommandContext } from '../../../core';
import { matchingCommands } from '../../../core/model/matching-commands';
import { MEDIA_RETENTION_SECTION_PATH } from '../common/media-retention';

/**
 * "Media retention": the account settings with the workspace's retention choice focused. Offered
 * by a provider from the lazy chunk (once two characters are typed), so nothing is added to the
 * first JavaScript; a provided command cannot open a page of choices (the palette looks those up
 * among the static commands), so it takes the person to the one control instead.
 */
export function mediaRetentionCommands(ctx: CommandContext, search: string): Command[] {
  const { when } = ctx;
  if (!when.isMember || !when.workspaceId) return [];
  return matchingCommands(
    [
      {
        id: 'projects.mediaRetention',
        title: 'Media retention',
        group: 'Workspace',
        keywords: ['retention', 'delete', 'old', 'media', 'video', 'storage', 'days', 'setting', 'workspace'],
        run: (c) => c.navigate(MEDIA_RETENTION_SECTION_PATH),
      },
    ],
    search,
  );
}
