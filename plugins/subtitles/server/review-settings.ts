import type { FastifyInstance } from 'fastify';
import { httpError, tenantOf } from '../../../server/plugin-api';
import { languageName } from '../../../core/common/language-name';
import type { SqlRunner, SubtitleSummary } from '../common/subtitle-store';
import { REVIEW_SETTINGS_PATH, SUBTITLES_SERVER_MESSAGES, type ReviewSettings } from '../common/subtitles-contract';
import { paramsWith } from './subtitles-schemas';

const settingsSchema = {
  type: 'object',
  properties: { data: { type: 'object', properties: { exportsRequireApproval: { type: 'boolean' } } } },
} as const;

/** A workspace's review settings (none stored: nothing required). */
export async function reviewSettingsOf(db: SqlRunner, workspaceId: string): Promise<ReviewSettings> {
  const { rows } = await db.query<ReviewSettings>(
    'SELECT exports_require_approval AS "exportsRequireApproval" FROM subtitle_review_settings WHERE workspace_id = $1',
    [workspaceId],
  );
  return rows[0] ?? { exportsRequireApproval: false };
}

/**
 * Whether the subtitle may leave the product as a file (an export, a download): when the
 * workspace requires approved cues, every cue must be (the counts kept on the subtitle row, as of
 * the last write of its cues: a live approval is there within the editor's settle, a second).
 * Throws the 422 people read otherwise.
 */
export async function refuseUnapproved(db: SqlRunner, workspaceId: string, subtitles: SubtitleSummary[]) {
  if (!(await reviewSettingsOf(db, workspaceId)).exportsRequireApproval) return;
  const short = subtitles.find((subtitle) => subtitle.approvedCount < subtitle.cuesCount);
  if (short)
    throw httpError(
      422,
      'cues_not_approved',
      SUBTITLES_SERVER_MESSAGES.notApproved(languageName(short.language), short.approvedCount, short.cuesCount),
    );
}

/** Read by any member of the workspace (the editor and export popups say what applies); changed by account admins. */
export function registerReviewSettingsRoutes(app: FastifyInstance): void {
  app.get<{ Params: { workspaceId: string } }>(
    REVIEW_SETTINGS_PATH(':workspaceId'),
    {
      config: { access: 'member', tenant: { workspace: 'params.workspaceId' } },
      schema: {
        summary: "A workspace's review settings (whether exports need approved cues)",
        params: paramsWith('workspaceId'),
        response: { 200: settingsSchema },
      },
    },
    async (request) => ({ data: await reviewSettingsOf(app.db, tenantOf(request).workspaceId!) }),
  );
  app.put<{ Params: { workspaceId: string }; Body: ReviewSettings }>(
    REVIEW_SETTINGS_PATH(':workspaceId'),
    {
      config: { access: 'member', tenant: { workspace: 'params.workspaceId', role: 'admin' } },
      schema: {
        summary: "Change a workspace's review settings (account admins)",
        params: paramsWith('workspaceId'),
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['exportsRequireApproval'],
          properties: { exportsRequireApproval: { type: 'boolean' } },
        },
        response: { 200: settingsSchema },
      },
    },
    async (request) => {
      const workspaceId = tenantOf(request).workspaceId!;
      const { rows } = await app.db.query<ReviewSettings>(
        `INSERT INTO subtitle_review_settings (workspace_id, exports_require_approval) VALUES ($1, $2)
         ON CONFLICT (workspace_id) DO UPDATE SET exports_require_approval = EXCLUDED.exports_require_approval, updated_at = now()
         RETURNING exports_require_approval AS "exportsRequireApproval"`,
        [workspaceId, request.body.exportsRequireApproval],
      );
      if (!rows[0]) throw httpError(404, 'not_found', 'Workspace not found');
      return { data: rows[0] };
    },
  );
}
