import type { FastifyInstance } from 'fastify';
import { httpError } from '../../../server/plugin-api';
import {
  WAVEFORM_HEADERS,
  WAVEFORM_MAX_BUCKETS,
  WAVEFORM_MESSAGES,
  WAVEFORM_PATH,
  type WaveformComputing,
  type WaveformQuery,
} from '../common/waveform-contract';
import { loudestOf, peaksOf } from './waveform-pyramid';
import { mediaKeyOf, SUBTITLE_MEDIA_ACCESS, subtitleMediaParams, type SubtitleMediaParams } from './subtitle-media';
import type { WaveformStore } from './waveform-store';

/** 48 hours: longer than any media the app takes. */
const MAX_MS = 48 * 3600 * 1000;
const DEFAULT_BUCKETS = 1000;
/** What the client waits before asking again while the peaks are made. */
const RETRY_SECONDS = 1;

/** GET …/subtitles/:subtitleId/waveform?from&to&buckets (../common/waveform-contract.ts): the peaks of the version's audio. */
export function registerWaveformRoutes(app: FastifyInstance, waveforms: WaveformStore): void {
  app.get<{ Params: SubtitleMediaParams; Querystring: WaveformQuery }>(
    WAVEFORM_PATH(':projectVersionId', ':subtitleId'),
    {
      config: SUBTITLE_MEDIA_ACCESS,
      schema: {
        summary: "The video's sound as waveform peaks for the editor's timeline",
        params: subtitleMediaParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            from: { type: 'integer', minimum: 0, maximum: MAX_MS },
            to: { type: 'integer', minimum: 1, maximum: MAX_MS },
            buckets: { type: 'integer', minimum: 1, maximum: WAVEFORM_MAX_BUCKETS },
          },
        },
      },
    },
    async (request, reply) => {
      const mediaKey = await mediaKeyOf(app, request, WAVEFORM_MESSAGES.mediaMissing);
      const from = request.query.from ?? 0;
      if (request.query.to !== undefined && request.query.to <= from)
        throw httpError(422, 'invalid', WAVEFORM_MESSAGES.badWindow, 'to');
      const pyramid = await waveforms.peaks(mediaKey);
      if (!pyramid) {
        const computing: WaveformComputing = { status: 'computing' };
        return reply.code(202).header('retry-after', String(RETRY_SECONDS)).send(computing);
      }
      // Without `to`, the whole audio (at least a second, so media without audio still has a window).
      const to = request.query.to ?? Math.max(from + 1000, pyramid.durationMs);
      const buckets = request.query.buckets ?? DEFAULT_BUCKETS;
      const peaks = peaksOf(pyramid, from, to, buckets);
      return (
        reply
          .type('application/octet-stream')
          // The media under a key never changes; a new upload is a new key, and the editor asks again when it opens.
          .header('cache-control', 'private, max-age=300')
          .header(WAVEFORM_HEADERS.duration, String(pyramid.durationMs))
          .header(WAVEFORM_HEADERS.from, String(from))
          .header(WAVEFORM_HEADERS.to, String(to))
          .header(WAVEFORM_HEADERS.buckets, String(buckets))
          .header(WAVEFORM_HEADERS.peak, String(loudestOf(pyramid)))
          .send(Buffer.from(peaks.buffer, peaks.byteOffset, peaks.byteLength))
      );
    },
  );
}
