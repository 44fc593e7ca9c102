import type { FastifyInstance } from 'fastify';
import { SHOT_CHANGES_PATH, type ShotChangesResponse } from '../common/shot-changes-contract';
import { WAVEFORM_MESSAGES, type WaveformComputing } from '../common/waveform-contract';
import { MediaDerivatives } from './media-derivatives';
import { decodeShotChanges, SHOT_CHANGES_DERIVATIVE } from './shot-changes';
import { mediaKeyOf, SUBTITLE_MEDIA_ACCESS, subtitleMediaParams, type SubtitleMediaParams } from './subtitle-media';

/** A film's cuts are a few KB. */
const MEMORY_BYTES = 4 * 1024 * 1024;
/** What the client waits before asking again while the cuts are found (a whole video is decoded). */
const RETRY_SECONDS = 2;

/** GET …/subtitles/:subtitleId/shot_changes (../common/shot-changes-contract.ts): the cuts of the version's video. */
export function registerShotChangeRoutes(app: FastifyInstance, shots: MediaDerivatives): void {
  app.get<{ Params: SubtitleMediaParams }>(
    SHOT_CHANGES_PATH(':projectVersionId', ':subtitleId'),
    {
      config: SUBTITLE_MEDIA_ACCESS,
      schema: {
        summary: "Where the video's shots change (times), for snapping cues in the editor",
        params: subtitleMediaParams,
      },
    },
    async (request, reply): Promise<ShotChangesResponse | WaveformComputing> => {
      const mediaKey = await mediaKeyOf(app, request, WAVEFORM_MESSAGES.mediaMissing);
      const times = await shots.get(mediaKey, decodeShotChanges);
      if (!times) return reply.code(202).header('retry-after', String(RETRY_SECONDS)).send({ status: 'computing' });
      // JSON of a tenant: not kept by the browser (no-store, as every private answer); the editor asks once per opening.
      return { data: { times } };
    },
  );
}

/** The cuts of stored media, found once per media key (MediaDerivatives). */
export const shotChangeStore = (app: FastifyInstance) =>
  new MediaDerivatives(app.storage, SHOT_CHANGES_DERIVATIVE, MEMORY_BYTES);
