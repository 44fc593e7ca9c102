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
      reviewedCount: row.reviewedCount,
      approvedCount: row.approvedCount,
    },
  };
}

export function externalTokenResource(row: ExternalTokenRecord): ExternalTokenResource {
  return {
    id: row.id,
    type: 'external_token',
    attributes: {
      subtitleId: row.subtitleId,
      createdAt: new Date(row.createdAt).toISOString(),
      createdByName: row.createdByName,
    },
  };
}

/**
 * A CuesResponse as JSON text around the cues' JSON from the database (readCuesJson): the one
 * answer of the cue routes that is not serialized from objects, because serializing 100,000 cues
 * held the event loop for seconds. Same fields as the route's response schema.
 */
export function cuesResponseText(
  subtitle: SubtitleRecord,
  cuesJson: string,
  caller: { reviewOnly?: boolean } = {},
): string {
  const meta = caller.reviewOnly ? { title: subtitle.title, reviewOnly: true } : { title: subtitle.title };
  return `{"data":${JSON.stringify(subtitleResource(subtitle))},"cues":${cuesJson},"meta":${JSON.stringify(meta)}}`;
}
