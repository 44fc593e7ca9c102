import type { FastifyInstance, FastifyReply } from 'fastify';
import { tenantOf, errorBody, httpError, runOffThread } from '../../../server/plugin-api';
import {
  SUBTITLES_PATHS,
  SUBTITLES_SERVER_MESSAGES,
  sharePage,
  type CreateExternalTokenResponse,
  type ExternalTokensResponse,
  type RevokeExternalTokenResponse,
  type SharedSubtitleResponse,
} from '../common/subtitles-contract';
import { BROWSER_RENDITIONS } from '../../projects/common/browser-rendition';
import { sendPlayableMedia } from './byte-range';
import type { ExternalTokenRepository, SharedSubtitle } from './external-token-repository';
import type { SubtitleRepository } from './subtitle-repository';
import { externalTokenResource } from './subtitles-presenter';
import {
  createTokenResponse,
  emptyBody,
  paramsWith,
  revokeResponse,
  sharedResponse,
  tokenParams,
  tokensResponse,
} from './subtitles-schemas';

const ofSubtitle = { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } } as const;
const shared = { access: 'public' } as const;
const CUE_TASKS = new URL('./cue-tasks.ts', import.meta.url);

/** One answer for unknown, revoked and malformed tokens: a link that does not work says nothing about why. */
const notShared = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('cache-control', 'no-store')
    .send(errorBody(404, 'not_found', SUBTITLES_SERVER_MESSAGES.sharedNotFound));

/**
 * Share links (spec "External token"): created, listed and revoked by members of the subtitle's
 * workspace; opened by anyone holding the link through the three public `/api/v1/shared/{token}`
 * calls the share page uses (facts, the WebVTT track, the media with Range support).
 */
export function registerShareRoutes(
  app: FastifyInstance,
  subtitles: SubtitleRepository,
  tokens: ExternalTokenRepository,
): void {
  // Media stored before browser copies were made gets one asked for by the first player (byte-range.ts).
  const askForCopy = (key: string) => app.services.get(BROWSER_RENDITIONS).askOnce(key);
  app.post<{ Params: { subtitleId: string } }>(
    SUBTITLES_PATHS.externalTokens(':subtitleId'),
    {
      config: ofSubtitle,
      // Nothing to send: a bodiless POST is read as `{}` so the (empty) body schema still applies.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        summary: 'Create a read-only share link to a subtitle and its video',
        params: paramsWith('subtitleId'),
        body: emptyBody,
        response: { 201: createTokenResponse },
      },
    },
    async (request, reply): Promise<CreateExternalTokenResponse> => {
      const created = await tokens.create(
        tenantOf(request).workspaceId!,
        request.params.subtitleId,
        request.currentUser!.id,
      );
      if (!created) throw httpError(404, 'not_found', SUBTITLES_SERVER_MESSAGES.subtitleNotFound);
      reply.code(201).header('cache-control', 'no-store');
      return {
        externalTokenUrl: `${app.config.publicUrl.replace(/\/$/, '')}${sharePage(created.token)}`,
        data: externalTokenResource(created.record),
      };
    },
  );

  app.get<{ Params: { subtitleId: string } }>(
    SUBTITLES_PATHS.externalTokens(':subtitleId'),
    {
      config: ofSubtitle,
      schema: {
        summary: "List a subtitle's share links",
        params: paramsWith('subtitleId'),
        response: { 200: tokensResponse },
      },
    },
    async (request): Promise<ExternalTokensResponse> => ({
      data: (await tokens.list(tenantOf(request).workspaceId!, request.params.subtitleId)).map(externalTokenResource),
    }),
  );

  app.delete<{ Params: { externalTokenId: string } }>(
    SUBTITLES_PATHS.externalToken(':externalTokenId'),
    {
      config: { access: 'member', tenant: { resource: 'externalToken', id: 'params.externalTokenId' } },
      schema: {
        summary: 'Revoke a share link',
        params: paramsWith('externalTokenId'),
        response: { 200: revokeResponse },
      },
    },
    async (request): Promise<RevokeExternalTokenResponse> => {
      if (!(await tokens.revoke(tenantOf(request).workspaceId!, request.params.externalTokenId))) {
        throw httpError(404, 'not_found', SUBTITLES_SERVER_MESSAGES.externalTokenNotFound);
      }
      return { data: { id: request.params.externalTokenId } };
    },
  );

  // --- public: the share page's calls. Nothing here names the workspace, the account or ids.

  const lookUp = (token: string): Promise<SharedSubtitle | null> => tokens.findShared(token);

  app.get<{ Params: { token: string } }>(
    SUBTITLES_PATHS.shared(':token'),
    {
      config: shared,
      schema: {
        summary: 'What a share link shows: title, language, duration (no sign-in)',
        params: tokenParams,
        response: { 200: sharedResponse },
      },
    },
    async (request, reply) => {
      const found = await lookUp(request.params.token);
      if (!found) return notShared(reply);
      reply.header('cache-control', 'no-store');
      const body: SharedSubtitleResponse = {
        data: {
          title: found.title,
          language: found.language,
          duration: found.durationMs / 1000,
          hasVideo: found.storageKey !== null,
        },
      };
      return body;
    },
  );

  app.get<{ Params: { token: string } }>(
    SUBTITLES_PATHS.sharedVtt(':token'),
    { config: shared, schema: { summary: "A share link's subtitles as WebVTT (no sign-in)", params: tokenParams } },
    async (request, reply) => {
      const found = await lookUp(request.params.token);
      if (!found) return notShared(reply);
      // Written on a worker thread, like the download: a shared film's 100,000 cues held the event loop.
      const [vtt] = await runOffThread<Uint8Array[]>(
        CUE_TASKS,
        'writeFiles',
        await subtitles.readCuesJson(app.db, found.subtitleId),
        ['vtt'],
        { language: '', title: '' },
      );
      return reply
        .type('text/vtt; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(Buffer.from(vtt.buffer, vtt.byteOffset, vtt.byteLength));
    },
  );

  app.get<{ Params: { token: string } }>(
    SUBTITLES_PATHS.sharedVideo(':token'),
    { config: shared, schema: { summary: "A share link's video, with Range (no sign-in)", params: tokenParams } },
    async (request, reply) => {
      const found = await lookUp(request.params.token);
      if (!found?.storageKey) return notShared(reply);
      return sendPlayableMedia(app.storage, found.storageKey, request, reply, () => notShared(reply), askForCopy);
    },
  );
}
