import type { Queryable } from '../../../server/plugin-api';
import type { KnownLinkDetails, LinkDetails } from '../../projects/server/extension-points';

/**
 * A video imported from a channel keeps its episode's title, description and picture (issue 24:
 * projects imported from a feed were titled after the media file, "clip", and lost the show
 * notes). The import stays the projects plugin's link submission; its job asks here, through its
 * extension point, what one of the workspace's channels says of a link (the newest listing's
 * when two channels list the same link).
 */
async function detailsOf(db: Queryable, workspaceId: string, url: string): Promise<KnownLinkDetails | null> {
  const { rows } = await db.query<KnownLinkDetails>(
    `SELECT v.title, v.description, v.thumbnail_url AS "thumbnailUrl"
     FROM external_videos v JOIN external_channels c ON c.id = v.channel_id
     WHERE c.workspace_id = $1 AND v.url = $2 ORDER BY c.reloaded_at DESC NULLS LAST, c.id DESC LIMIT 1`,
    [workspaceId, url],
  );
  return rows[0] ?? null;
}

export const channelLinkDetails: LinkDetails = {
  id: 'channels.episodeTitle',
  detailsOf,
  async titleOf(db, workspaceId, url) {
    return (await detailsOf(db, workspaceId, url))?.title ?? null;
  },
};
