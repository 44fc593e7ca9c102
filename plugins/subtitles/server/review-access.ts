import type { FastifyRequest } from 'fastify';
import { httpError, tenantOf } from '../../../server/plugin-api';
import { SUBTITLES_SERVER_MESSAGES } from '../common/subtitles-contract';

/**
 * A reviewer (docs/roles.md) comments and sets review states; text, times and the cue list are
 * not theirs to change. Checked by every way cues are written by a person: PUT …/cues, an import
 * and the live socket (live/live-routes.ts marks their socket review-only).
 */
export const isReviewer = (request: FastifyRequest) => tenantOf(request).accountRole === 'reviewer';

export function refuseReviewer(request: FastifyRequest): void {
  if (isReviewer(request)) throw httpError(403, 'reviewer_read_only', SUBTITLES_SERVER_MESSAGES.reviewerReadOnly);
}
