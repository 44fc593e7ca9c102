import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError, tenantOf } from '../../../../server/plugin-api';
import { LIVE_PATH, LIVE_SERVER_MESSAGES } from '../../common/live-contract';
import { IMPORT_MAX_BYTES, SUBTITLES_SERVER_MESSAGES } from '../../common/subtitles-contract';
import type { SubtitleRepository } from '../subtitle-repository';
import { paramsWith } from '../subtitles-schemas';
import type { LiveRooms } from './live-rooms';
import { isReviewer } from '../review-access';

type SubtitleParams = { projectVersionId: string; subtitleId: string };

/** The origins a page of this site has: the configured public address, and the address the request came to. */
function sameSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  // Browsers always send Origin on a websocket; a client without one (a script, a test) is no other site's page.
  if (origin === undefined) return true;
  const own = new Set([new URL(publicUrl).origin, `${request.protocol}://${request.headers.host}`]);
  return own.has(origin);
}

/**
 * The live editing socket (../../common/live-contract.ts). Declared like `GET …/cues` (a member
 * of the subtitle's workspace, the same tenant check, 404 for anyone else), so the hooks answer
 * a plain HTTP error before any upgrade; the Origin check refuses another site's page (403).
 */
export async function registerLiveRoutes(
  app: FastifyInstance,
  subtitles: SubtitleRepository,
  rooms: LiveRooms,
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: IMPORT_MAX_BYTES } });
  app.get<{ Params: SubtitleParams }>(
    LIVE_PATH(':projectVersionId', ':subtitleId'),
    {
      websocket: true,
      config: { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } },
      schema: { params: paramsWith('projectVersionId', 'subtitleId') },
      preHandler: async (request) => {
        if (!sameSite(request, app.config.publicUrl))
          throw httpError(403, 'foreign_origin', LIVE_SERVER_MESSAGES.foreignOrigin);
        const { projectVersionId, subtitleId } = request.params;
        if (!(await subtitles.find(app.db, tenantOf(request).workspaceId!, { id: subtitleId, projectVersionId })))
          throw httpError(404, 'not_found', SUBTITLES_SERVER_MESSAGES.subtitleNotFound);
      },
      // Only a refusal gets here (an upgraded socket's reply is hijacked): the answer is sent on
      // the raw socket, which no HTTP server manages any more, so it is closed here, or it stays
      // open for as long as the client likes (and app.close() waits for it).
      onResponse: async (request) => {
        request.raw.socket?.end();
      },
    },
    (socket, request) => {
      // Messages that come while the room opens wait for it, in order.
      const early: Uint8Array[] = [];
      let member: Awaited<ReturnType<LiveRooms['join']>> = null;
      let closed = false;
      const receive = (data: Uint8Array) => {
        try {
          member!.receive(data);
        } catch {
          socket.close(1007, 'Bad message');
        }
      };
      socket.binaryType = 'nodebuffer';
      socket.on('message', (data: Buffer) => {
        const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        if (member) receive(bytes);
        else early.push(bytes);
      });
      socket.on('close', () => {
        closed = true;
        void member?.leave();
      });
      const live = {
        send: (data: Uint8Array) => socket.readyState === socket.OPEN && socket.send(data),
        close: (code?: number, reason?: string) => socket.close(code, reason),
        userId: request.currentUser?.id ?? null,
        // Read on every socket, as roles are on every request: a role changed applies to the next connection.
        reviewOnly: isReviewer(request),
      };
      rooms.join(tenantOf(request).workspaceId!, request.params.subtitleId, live).then(
        (joined) => {
          member = joined;
          if (!member) return socket.close(4404, 'Subtitle not found');
          if (closed) return void member.leave();
          for (const data of early.splice(0)) receive(data);
        },
        (error: Error) => {
          request.log.warn(`Live subtitle ${request.params.subtitleId} not opened: ${error.message}`);
          socket.close(1011, 'Not opened');
        },
      );
    },
  );
}
