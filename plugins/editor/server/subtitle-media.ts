import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError, idString, tenantOf } from '../../../server/plugin-api';
import { SUBTITLE_STORE } from '../../subtitles/common/subtitle-store';

export type SubtitleMediaParams = { projectVersionId: string; subtitleId: string };

/**
 * Who may open the subtitle (the subtitles plugin's `subtitle` tenant resource, the same check as
 * its video route) may read what the editor derives from its version's media.
 */
export const SUBTITLE_MEDIA_ACCESS = {
  access: 'member',
  tenant: { resource: 'subtitle', id: 'params.subtitleId' },
} as const;

export const subtitleMediaParams = {
  type: 'object',
  required: ['projectVersionId', 'subtitleId'],
  properties: { projectVersionId: idString, subtitleId: idString },
} as const;

/** The Storage key of the subtitle's version's media; 404 with `message` when it has none (or the subtitle is not of that version). */
export async function mediaKeyOf(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: SubtitleMediaParams }>,
  message: string,
): Promise<string> {
  const { projectVersionId, subtitleId } = request.params;
  const mediaKey = await app.services
    .get(SUBTITLE_STORE)
    .mediaKey(tenantOf(request).workspaceId!, subtitleId, projectVersionId);
  if (!mediaKey) throw httpError(404, 'not_found', message);
  return mediaKey;
}
