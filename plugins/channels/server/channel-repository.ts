import type { Database, Queryable, TenantOwner } from '../../../server/plugin-api';
import type { ChannelProviderId, ChannelState } from '../common/channels-contract';
import type { ProviderCredentials, ProviderVideo } from './providers/channel-provider';

export interface ChannelRecord {
  id: string;
  workspaceId: string;
  provider: ChannelProviderId;
  externalId: string;
  name: string;
  sourceUrl: string;
  credentials: ProviderCredentials;
  state: ChannelState;
  lastError: string | null;
  reloadedAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
  videosCount: number;
}

export interface VideoRecord {
  channelId: string;
  position: number;
  title: string;
  url: string;
  publishedAt: Date | null;
  durationMs: number | null;
  description: string | null;
  thumbnailUrl: string | null;
}

const COLUMNS = `c.id::text AS id, c.workspace_id::text AS "workspaceId", c.provider, c.external_id AS "externalId", c.name, c.source_url AS "sourceUrl",
  c.credentials, c.state, c.last_error AS "lastError", c.reloaded_at AS "reloadedAt", c.created_at AS "createdAt", c.created_by::text AS "createdBy",
  (SELECT count(*)::int FROM external_videos v WHERE v.channel_id = c.id) AS "videosCount"`;

/** SQL over the plugin's own tables only. */
export class ChannelRepository {
  constructor(private readonly db: Database) {}

  async list(workspaceId: string): Promise<ChannelRecord[]> {
    const { rows } = await this.db.query<ChannelRecord>(
      `SELECT ${COLUMNS} FROM external_channels c WHERE c.workspace_id = $1 ORDER BY lower(c.name), c.id`,
      [workspaceId],
    );
    return rows;
  }

  async find(id: string, workspaceId?: string): Promise<ChannelRecord | null> {
    const { rows } = await this.db.query<ChannelRecord>(
      `SELECT ${COLUMNS} FROM external_channels c WHERE c.id = $1 AND ($2::bigint IS NULL OR c.workspace_id = $2)`,
      [id, workspaceId ?? null],
    );
    return rows[0] ?? null;
  }

  /** Connects the channel, or refreshes it when the workspace already has it (connecting twice is a reload). */
  async upsert(
    workspaceId: string,
    userId: string,
    channel: {
      provider: ChannelProviderId;
      externalId: string;
      name: string;
      sourceUrl: string;
      credentials: ProviderCredentials;
      videos: ProviderVideo[];
    },
  ): Promise<string> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO external_channels (workspace_id, provider, external_id, name, source_url, credentials, created_by, reloaded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now())
         ON CONFLICT (workspace_id, provider, external_id)
         DO UPDATE SET name = EXCLUDED.name, source_url = EXCLUDED.source_url, credentials = EXCLUDED.credentials, state = 'ready', last_error = NULL, reloaded_at = now()
         RETURNING id::text AS id`,
        [
          workspaceId,
          channel.provider,
          channel.externalId,
          channel.name,
          channel.sourceUrl,
          JSON.stringify(channel.credentials),
          userId,
        ],
      );
      await replaceVideos(tx, rows[0].id, channel.videos);
      return rows[0].id;
    });
  }

  /** Marks a reload under way; false when one already is (the job then is not sent twice). */
  async markReloading(id: string): Promise<boolean> {
    return (
      ((
        await this.db.query(
          `UPDATE external_channels SET state = 'reloading', last_error = NULL WHERE id = $1 AND state <> 'reloading'`,
          [id],
        )
      ).rowCount ?? 0) > 0
    );
  }

  async reloaded(id: string, videos: ProviderVideo[], credentials?: ProviderCredentials): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { rowCount } = await tx.query(
        `UPDATE external_channels SET state = 'ready', last_error = NULL, reloaded_at = now(), credentials = coalesce($2::jsonb, credentials) WHERE id = $1`,
        [id, credentials ? JSON.stringify(credentials) : null],
      );
      // Removed while it was being read: nothing to keep.
      if (rowCount) await replaceVideos(tx, id, videos);
    });
  }

  async reloadFailed(id: string, reason: string): Promise<void> {
    await this.db.query(`UPDATE external_channels SET state = 'failed', last_error = $2 WHERE id = $1`, [
      id,
      reason.slice(0, 500),
    ]);
  }

  /** A page of the workspace's videos (one channel's, or all of them channel by channel), and how many there are. */
  async videos(
    workspaceId: string,
    channelId: string | null,
    page: number,
    perPage: number,
  ): Promise<{ rows: VideoRecord[]; count: number }> {
    const where = 'c.workspace_id = $1 AND ($2::bigint IS NULL OR c.id = $2)';
    const { rows } = await this.db.query<VideoRecord>(
      `SELECT v.channel_id::text AS "channelId", v.position, v.title, v.url, v.published_at AS "publishedAt", v.duration_ms AS "durationMs",
              v.description, v.thumbnail_url AS "thumbnailUrl"
       FROM external_videos v JOIN external_channels c ON c.id = v.channel_id
       WHERE ${where} ORDER BY lower(c.name), c.id, v.position LIMIT $3 OFFSET $4`,
      [workspaceId, channelId, perPage, (page - 1) * perPage],
    );
    const counted = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM external_videos v JOIN external_channels c ON c.id = v.channel_id WHERE ${where}`,
      [workspaceId, channelId],
    );
    return { rows, count: counted.rows[0].n };
  }

  async delete(id: string): Promise<boolean> {
    return ((await this.db.query('DELETE FROM external_channels WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  /** Who a channel belongs to, for `config.tenant: { resource: 'externalChannel' }`. */
  async ownerOf(id: string): Promise<TenantOwner | null> {
    const { rows } = await this.db.query<TenantOwner>(
      `SELECT w.account_id::text AS "accountId", w.id::text AS "workspaceId" FROM external_channels c JOIN workspaces w ON w.id = c.workspace_id WHERE c.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }
}

/** The provider's list replaces the last one whole, in one statement (positions keep its order). */
async function replaceVideos(tx: Queryable, channelId: string, videos: ProviderVideo[]): Promise<void> {
  await tx.query('DELETE FROM external_videos WHERE channel_id = $1', [channelId]);
  if (videos.length === 0) return;
  await tx.query(
    `INSERT INTO external_videos (channel_id, position, external_id, title, url, published_at, duration_ms, description, thumbnail_url)
     SELECT $1, v.ord, v.external_id, v.title, v.url, v.published_at, v.duration_ms, v.description, v.thumbnail_url
     FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::int[], $7::text[], $8::text[])
       WITH ORDINALITY AS v(external_id, title, url, published_at, duration_ms, description, thumbnail_url, ord)`,
    [
      channelId,
      videos.map((v) => v.externalId),
      videos.map((v) => v.title),
      videos.map((v) => v.url),
      videos.map((v) => (v.publishedAt ? v.publishedAt.toISOString() : null)),
      videos.map((v) => v.durationMs),
      videos.map((v) => v.description ?? null),
      videos.map((v) => v.thumbnailUrl ?? null),
    ],
  );
}
