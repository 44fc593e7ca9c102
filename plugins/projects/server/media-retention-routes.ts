import type { FastifyInstance } from 'fastify';
import { tenantOf, type Queryable } from '../../../server/plugin-api';
import {
  MEDIA_RETENTION_DAYS,
  MEDIA_RETENTION_PATH,
  type MediaRetentionDays,
  type MediaRetentionSettings,
} from '../common/media-retention';
import { MEDIA_RETENTION_CHANGED } from '../common/project-events';
import { paramsWith } from './projects-schemas';

const settingsSchema = {
  type: 'object',
  properties: { data: { type: 'object', properties: { days: { type: ['integer', 'null'] } } } },
} as const;

/** The workspace's media retention (no row: off). */
export async function mediaRetentionOf(db: Queryable, workspaceId: string): Promise<MediaRetentionSettings> {
  const { rows } = await db.query<{ days: MediaRetentionDays }>(
    'SELECT days FROM workspace_media_retention WHERE workspace_id = $1',
    [workspaceId],
  );
  return { days: rows[0]?.days ?? null };
}

/**
 * Read by any member of the workspace (the settings show what applies); changed by account admins
 * only (a 403 to others, from the host's tenant check). A change publishes
 * `projects.retentionChanged` in its transaction, so the audit log has it exactly when it happened.
 */
export function registerMediaRetentionRoutes(app: FastifyInstance): void {
  app.get<{ Params: { workspaceId: string } }>(
    MEDIA_RETENTION_PATH(':workspaceId'),
    {
      config: { access: 'member', tenant: { workspace: 'params.workspaceId' } },
      schema: {
        summary: "The workspace's media retention (days: null is off)",
        params: paramsWith('workspaceId'),
        response: { 200: settingsSchema },
      },
    },
    async (request) => ({ data: await mediaRetentionOf(app.db, tenantOf(request).workspaceId!) }),
  );

  app.put<{ Params: { workspaceId: string }; Body: MediaRetentionSettings }>(
    MEDIA_RETENTION_PATH(':workspaceId'),
    {
      config: { access: 'member', tenant: { workspace: 'params.workspaceId', role: 'admin' } },
      schema: {
        summary: "Change the workspace's media retention (account admins)",
        params: paramsWith('workspaceId'),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['days'],
          properties: { days: { anyOf: [{ type: 'integer', enum: [...MEDIA_RETENTION_DAYS] }, { type: 'null' }] } },
        },
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const { accountId, workspaceId } = tenantOf(request);
      const after = request.body.days;
      await app.db.transaction(async (tx) => {
        // FOR UPDATE: two admins saving at once each publish the change they made, from what was there.
        const { rows } = await tx.query<{ days: number }>(
          'SELECT days FROM workspace_media_retention WHERE workspace_id = $1 FOR UPDATE',
          [workspaceId],
        );
        const before = rows[0]?.days ?? null;
        if (before === after) return;
        if (after === null)
          await tx.query('DELETE FROM workspace_media_retention WHERE workspace_id = $1', [workspaceId]);
        else
          await tx.query(
            `INSERT INTO workspace_media_retention (workspace_id, days) VALUES ($1, $2)
             ON CONFLICT (workspace_id) DO UPDATE SET days = EXCLUDED.days, updated_at = now()`,
            [workspaceId, after],
          );
        await app.events.publish(tx, MEDIA_RETENTION_CHANGED, { before, after }, { accountId, workspaceId });
      });
      return { data: { days: after } };
    },
  );
}
