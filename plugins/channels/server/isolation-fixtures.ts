import { defineIsolationFixtures } from '../../../server/plugin-api';

/** The isolation sweep's rows of the channels plugin: a channel of the hidden workspace with a video. */
export default defineIsolationFixtures({
  async seed({ db, workspaceId, tag }) {
    // An address that resolves nowhere: the owner's reload is accepted and its job fails quietly.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO external_channels (workspace_id, provider, external_id, name, source_url) VALUES ($1, 'feed', $2, $3, $2) RETURNING id::text AS id`,
      [workspaceId, `https://sweep.invalid/${tag}.xml`, `${tag} channel`],
    );
    await db.query(
      `INSERT INTO external_videos (channel_id, position, external_id, title, url) VALUES ($1, 1, $2, $3, $2)`,
      [rows[0].id, `https://sweep.invalid/${tag}.mp4`, `${tag} video`],
    );
    return { externalChannelId: rows[0].id };
  },
});
