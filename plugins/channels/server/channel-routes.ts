import type { FastifyInstance, FastifyReply } from 'fastify';
import { httpError, idString, tenantOf, TenancyRepository } from '../../../server/plugin-api';
import {
  CHANNELS_PAGE,
  CHANNELS_PATHS,
  CHANNELS_SERVER_MESSAGES as MESSAGES,
  pagesFor,
  VIDEOS_PER_PAGE,
  type CallbackRequest,
  type ChannelResponse,
  type ChannelsResponse,
  type ConnectErrorCode,
  type ConnectRequest,
  type ConnectResponse,
  type VideosResponse,
} from '../common/channels-contract';
import type { ChannelRepository } from './channel-repository';
import { channelResource, channelSchema, videoResource, videoSchema } from './channel-resources';
import { RELOAD_CHANNEL_JOB } from './reload-channel-job';
import type { ConnectStates } from './connect-states';
import { ChannelSourceError, type ChannelProviders } from './providers/channel-provider';

const oneChannel = { type: 'object', properties: { data: channelSchema } } as const;
const channelParams = {
  type: 'object',
  required: ['externalChannelId'],
  properties: { externalChannelId: idString },
} as const;
const ownChannel = {
  access: 'member',
  tenant: { resource: 'externalChannel', id: 'params.externalChannelId' },
} as const;
const inWorkspace = (location: 'body.workspaceId' | 'query.workspaceId') =>
  ({ access: 'member', tenant: { workspace: location } }) as const;
// A state or code is opaque text from a provider; bounded, nothing more.
const opaque = { type: 'string', minLength: 1, maxLength: 4000 } as const;

/**
 * docs/product-contract.md#calls "External channels": connect (redirect_uri), the callback a provider sends the
 * browser back to, the workspace's channels, its videos 10 a page, delete; and reload (ours).
 */
export function registerChannelRoutes(
  app: FastifyInstance,
  deps: { channels: ChannelRepository; states: ConnectStates; providers: ChannelProviders },
): void {
  const { channels, states, providers } = deps;
  const tenancy = new TenancyRepository(app.db);
  const redirectUri = `${app.config.publicUrl.replace(/\/+$/, '')}${CHANNELS_PATHS.callback}`;

  /** The state's checks, then the provider's code made a channel. Answers what happened, in the caller's terms. */
  async function complete(
    state: string,
    code: string | undefined,
    sessionId: string,
    userId: string,
  ): Promise<{ channelId: string } | { error: ConnectErrorCode; message: string }> {
    const claimed = await states.claim(state, sessionId);
    const provider = claimed && providers.get(claimed.provider);
    // Access is read again: it may have been withdrawn while the person was at the provider.
    if (
      !claimed ||
      !provider ||
      claimed.userId !== userId ||
      !(await tenancy.findWorkspaceAccess(userId, claimed.workspaceId))
    ) {
      if (claimed) await states.consume(claimed.hash);
      return { error: 'state', message: MESSAGES.stateInvalid };
    }
    if (!code) {
      await states.consume(claimed.hash);
      return { error: 'denied', message: MESSAGES.denied };
    }
    try {
      const channel = await provider.connect({ code, codeVerifier: claimed.codeVerifier, redirectUri });
      const channelId = await channels.upsert(claimed.workspaceId, userId, { provider: claimed.provider, ...channel });
      await states.consume(claimed.hash);
      return { channelId };
    } catch (error) {
      if (provider.codeIsRetryable) await states.release(claimed.hash);
      else await states.consume(claimed.hash);
      if (error instanceof ChannelSourceError) return { error: 'failed', message: error.message };
      throw error;
    }
  }

  app.post<{ Body: ConnectRequest }>(
    CHANNELS_PATHS.connect,
    {
      // The OAuth state is bound to the browser session the provider sends back: no API token.
      config: { ...inWorkspace('body.workspaceId'), credentials: false },
      schema: {
        summary: 'Connect a YouTube channel: where to send the browser for consent',
        body: {
          type: 'object',
          required: ['workspaceId', 'provider'],
          additionalProperties: false,
          properties: { workspaceId: idString, provider: { type: 'string', enum: ['feed', 'youtube'] } },
        },
        response: { 200: { type: 'object', properties: { redirect_uri: { type: 'string' } } } },
      },
    },
    async (request): Promise<ConnectResponse> => {
      const provider = providers.get(request.body.provider);
      if (!provider) throw httpError(422, 'provider_unavailable', MESSAGES.providerUnavailable, 'provider');
      const { state, codeChallenge } = await states.issue({
        sessionId: request.session!.id,
        userId: request.currentUser!.id,
        workspaceId: tenantOf(request).workspaceId!,
        provider: request.body.provider,
      });
      return { redirect_uri: provider.authorizationUrl({ state, codeChallenge, redirectUri }) };
    },
  );

  // Where a provider sends the browser back: a page navigation, so the outcome is a redirect to the
  // channels page (a code it maps to words; never text from the query, which anyone can craft).
  // The state is what makes this GET safe to act on: issued to this session, good once.
  app.get<{ Querystring: { state?: string; code?: string; error?: string } }>(
    CHANNELS_PATHS.callback,
    {
      config: { access: 'member', tenant: 'none' },
      schema: {
        summary: 'Where Google sends the browser back after consent (redirects)',
        querystring: {
          type: 'object',
          properties: { state: opaque, code: opaque, error: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request, reply: FastifyReply) => {
      const { state, code, error } = request.query;
      const outcome = state
        ? await complete(state, error ? undefined : code, request.session!.id, request.currentUser!.id)
        : { error: 'state' as const, message: '' };
      const target =
        'channelId' in outcome
          ? `${CHANNELS_PAGE}?connected=${outcome.channelId}`
          : `${CHANNELS_PAGE}?connectError=${outcome.error}`;
      return reply.redirect(target, 303);
    },
  );

  // The same for a provider whose "authorization" is a page of the app (the feed's address form),
  // which posts here and shows the answer in place: a wrong address can be corrected with the same state.
  app.post<{ Body: CallbackRequest }>(
    CHANNELS_PATHS.callback,
    {
      config: { access: 'member', tenant: 'none' },
      schema: {
        summary: 'Finish connecting a channel with the code Google gave',
        body: {
          type: 'object',
          required: ['state', 'code'],
          additionalProperties: false,
          properties: { state: opaque, code: opaque },
        },
        response: { 201: oneChannel },
      },
    },
    async (request, reply): Promise<ChannelResponse> => {
      const outcome = await complete(
        request.body.state,
        request.body.code,
        request.session!.id,
        request.currentUser!.id,
      );
      if ('error' in outcome) {
        if (outcome.error === 'failed') throw httpError(422, 'channel_unreadable', outcome.message, 'code');
        throw httpError(403, 'state_invalid', outcome.message, 'state');
      }
      reply.code(201);
      return { data: channelResource((await channels.find(outcome.channelId))!) };
    },
  );

  app.get<{ Querystring: { workspaceId: string } }>(
    CHANNELS_PATHS.channels,
    {
      config: inWorkspace('query.workspaceId'),
      schema: {
        summary: "A workspace's connected channels",
        querystring: { type: 'object', required: ['workspaceId'], properties: { workspaceId: idString } },
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: channelSchema },
              meta: { type: 'object', additionalProperties: true },
            },
          },
        },
      },
    },
    async (request): Promise<ChannelsResponse> => ({
      data: (await channels.list(tenantOf(request).workspaceId!)).map(channelResource),
      meta: { providers: [...providers.values()].map((provider) => provider.info) },
    }),
  );

  app.get<{ Querystring: { workspaceId: string; externalChannelId?: string; page?: number } }>(
    CHANNELS_PATHS.videos,
    {
      config: inWorkspace('query.workspaceId'),
      schema: {
        summary: "The videos of a workspace's connected channels, a page at a time",
        querystring: {
          type: 'object',
          required: ['workspaceId'],
          properties: {
            workspaceId: idString,
            externalChannelId: idString,
            page: { type: 'integer', minimum: 1, maximum: 100_000 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: { type: 'array', items: videoSchema },
              meta: { type: 'object', additionalProperties: true },
            },
          },
        },
      },
    },
    async (request): Promise<VideosResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const channelId = request.query.externalChannelId ?? null;
      // Another workspace's channel looks like none.
      if (channelId && !(await channels.find(channelId, workspaceId)))
        throw httpError(404, 'not_found', MESSAGES.notFound);
      const page = request.query.page ?? 1;
      const { rows, count } = await channels.videos(workspaceId, channelId, page, VIDEOS_PER_PAGE);
      return {
        data: rows.map(videoResource),
        meta: { page, videosPerPage: VIDEOS_PER_PAGE, count, pages: pagesFor(count) },
      };
    },
  );

  app.post<{ Params: { externalChannelId: string } }>(
    CHANNELS_PATHS.reload(':externalChannelId'),
    {
      config: ownChannel,
      schema: {
        summary: "Read a channel's videos again from YouTube",
        params: channelParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: { 202: oneChannel },
      },
    },
    async (request, reply): Promise<ChannelResponse> => {
      const id = request.params.externalChannelId;
      if (await channels.markReloading(id))
        await app.jobs.send(RELOAD_CHANNEL_JOB, { channelId: id }, { singletonKey: `channel-${id}` });
      const row = await channels.find(id);
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      reply.code(202);
      return { data: channelResource(row) };
    },
  );

  app.delete<{ Params: { externalChannelId: string } }>(
    CHANNELS_PATHS.remove(':externalChannelId'),
    {
      config: ownChannel,
      schema: {
        summary: 'Disconnect a channel',
        params: channelParams,
        response: {
          200: { type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'string' } } } } },
        },
      },
    },
    async (request) => {
      const id = request.params.externalChannelId;
      const row = await channels.find(id);
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      // A colleague's connection (their YouTube grant) is theirs or an admin's to remove.
      if (tenantOf(request).accountRole !== 'admin' && row.createdBy !== request.currentUser!.id)
        throw httpError(403, 'forbidden', MESSAGES.onlyOwnerRemoves);
      await channels.delete(id);
      return { data: { id } };
    },
  );
}
