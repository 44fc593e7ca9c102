import { editorUrl, type ExternalTokenResource, type SubtitleResource } from '../common/subtitles-contract';
import type { ExternalTokenRecord } from './external-token-repository';
import type { SubtitleRecord } from './subtitle-repository';

/** Rows to the `{ id, type, attributes }` resources of ../common/subtitles-contract.ts. */
export function subtitleResource(row: SubtitleRecord): SubtitleResource {
  return {
    id: row.id,
    type: 'subtitle',
    attributes: {
      projectVersionId: row.projectVersionId,
      projectId: row.projectId,
      language: row.language,
      kind: row.kind,
      cuesCount: row.cuesCount,
      revision: row.revision,
      updatedAt: row.updatedAt,
      editorUrl: editorUrl(row.projectId, row.projectVersionId, row.id),
    },
  };
}

export function externalTokenResource(row: ExternalTokenRecord): ExternalTokenResource {
  return {
    id: row.id,
    type: 'external_token',
    attributes: { subtitleId: row.subtitleId, createdAt: new Date(row.createdAt).toISOString(), createdByName: row.createdByName },
  };
}
