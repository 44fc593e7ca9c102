import { ACCOUNT_WORKSPACES, type AccountDataDeclaration } from '../../../server/plugin-api';
import { derivedMediaFiles } from './extension-points';
import { uploadPartKey } from './upload-store';

const ACCOUNT_ELEMENTS = `SELECT storage_key, thumbnail_key FROM elements WHERE workspace_id IN ${ACCOUNT_WORKSPACES}`;

/**
 * What projects hold of an account: its projects, versions and videos (`elements/<workspace>/…`),
 * uploads in progress (`uploads/<id>/…`, the workspace in their metadata) and, through the
 * `derivedMediaFiles` point, what other plugins made from each video (waveforms). Declared for
 * exports and erasures (server/plugin-api/account-data.ts).
 */
export const PROJECTS_ACCOUNT_DATA: AccountDataDeclaration = {
  tables: {
    projects: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    elements: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    project_versions: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    project_version_list_changes: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    workspace_media_retention: { ofAccount: `workspace_id IN ${ACCOUNT_WORKSPACES}` },
    tus_uploads: {
      ofAccount: `metadata->>'workspaceId' IN (SELECT id::text FROM workspaces WHERE account_id = $1)`,
    },
  },
  files: {
    prefixes: ['elements', 'uploads'],
    async keysOfAccount({ db, extensions }, accountId) {
      const { rows } = await db.query<{ storage_key: string | null; thumbnail_key: string | null }>(
        `${ACCOUNT_ELEMENTS} UNION ALL
         SELECT NULL, thumbnail_key FROM project_versions WHERE workspace_id IN ${ACCOUNT_WORKSPACES}`,
        [accountId],
      );
      // Uploads still in progress: their parts (`uploads/<id>/<part>`), named in the row.
      const uploads = await db.query<{ id: string; parts: string[] }>(
        `SELECT id, parts::text[] AS parts FROM tus_uploads
         WHERE metadata->>'workspaceId' IN (SELECT id::text FROM workspaces WHERE account_id = $1)`,
        [accountId],
      );
      const derivers = extensions.contributions(derivedMediaFiles);
      return [
        ...rows.flatMap(({ storage_key: media, thumbnail_key: thumbnail }) => [
          ...(media ? [media, ...derivers.flatMap((deriver) => deriver.keysOf(media))] : []),
          ...(thumbnail ? [thumbnail] : []),
        ]),
        ...uploads.rows.flatMap((upload) => upload.parts.map((part) => uploadPartKey(upload.id, part))),
      ];
    },
  },
};
