import type { Queryable } from '../../../server/plugin-api';
import type { LinkDetails } from '../../projects/server/extension-points';

/**
 * A video imported from a channel keeps its episode's title (issue 24: projects imported from a
 * feed were titled after the media file, "clip"). The import stays the projects plugin's link
 * submission; its job asks here, through its extension point, what a link is called in one of the
 * workspace's channels (the newest listing's title when two channels list the same link).
 */
export const channelLinkDetails: LinkDetails = {
  id: 'channels.episodeTitle',
  async titleOf(db: Queryable, workspaceId: string, url: string): Promise<string | null> {
    const { rows } = await db.query<{ title: string }>(
      `SELECT v.title FROM external_videos v JOIN external_channels c ON c.id = v.channel_id
       WHERE c.workspace_id = $1 AND v.url = $2 ORDER BY c.reloaded_at DESC NULLS LAST, c.id DESC LIMIT 1`,
      [workspaceId, url],
    );
    return rows[0]?.title ?? null;
  },
};
