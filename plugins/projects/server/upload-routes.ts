import type { IncomingMessage } from 'node:http';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  assertCleanValue,
  checkMedia,
  carryReplyHeaders,
  credentialRefusal,
  errorBody,
  httpError,
  storageProblem,
  STORAGE_PROBLEM_MESSAGES,
  STORAGE_PROBLEM_STATUS,
  TenancyRepository,
  WORKSPACE_NOT_FOUND_MESSAGE,
} from '../../../server/plugin-api';
import {
  PROJECTS_PATHS,
  PROJECTS_SERVER_MESSAGES,
  UPLOAD_ELEMENT_ID_HEADER,
  type UploadFinishedResponse,
} from '../common/projects-contract';
import { MEDIA_REFUSALS, storeElementMedia } from './element-media';
import { makeBrowserRenditionLater } from './browser-rendition-job';
import { elementTooLargeMessage, maxElementBytesOf } from './element-size-limit';
import type { ElementRepository } from './element-repository';
import { elementResource } from './projects-presenter';
import { StorageUploadStore } from './upload-store';
import { cleanTitle } from './title-text';
import { isResourceId } from '../../../core/common/resource-id';

/** Who sends an upload request, handed from the Fastify route to tus's hooks through the raw request. */
interface UploadCaller {
  userId: string;
  workspaceId: string;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** tus `Upload-Metadata`: `key base64value,key2 base64value`. */
function parseMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key) out[key] = Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

/** The last byte is in, but the file is no media we take: the 422 as JSON, in the Error shape. */
function mediaRefusal(refusal: keyof typeof MEDIA_REFUSALS) {
  const body = errorBody(422, refusal === 'incomplete' ? 'incomplete_media' : 'not_media', MEDIA_REFUSALS[refusal]);
  return {
    status_code: 422,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  };
}

/**
 * Resumable uploads (tus 1.0.0, @tus/server over StorageUploadStore: bytes in storage, state in
 * the database, so any web process can take any request of an upload), mounted
 * inside Fastify so sessions, CSRF (tus-js-client sends X-CSRF-Token) and member access apply as
 * to any write. The workspace comes from the upload's metadata, so these routes declare
 * `tenant: 'none'` and check it here: on creation (the caller must be able to open the
 * workspace; the server then records caller and workspace in the upload's own metadata) and on
 * every later HEAD/PATCH/DELETE (only the same user, still with access, may continue it). When
 * the last byte arrives the file is probed (not media: 422, nothing kept), stored with its
 * thumbnail, and becomes an element in no project; the reply carries it (JSON and
 * Upload-Element-Id) for create_with_project.
 */
export function registerUploadRoutes(app: FastifyInstance, elements: ElementRepository): void {
  const tenancy = new TenancyRepository(app.db);
  // This process's own scratch folder: a finished upload is assembled here for ffprobe, then removed.
  const directory = path.join(app.config.dataDir, 'uploads');
  const store = new StorageUploadStore(app.db, app.storage);
  const callers = new WeakMap<IncomingMessage, UploadCaller>();
  const callerOf = (req: { runtime?: { node?: { req: IncomingMessage } } }) => {
    const raw = req.runtime?.node?.req;
    const caller = raw && callers.get(raw);
    if (!caller) throw { status_code: 403, body: 'Forbidden\n' };
    return caller;
  };

  const tus = new TusServer({
    path: PROJECTS_PATHS.uploads.replace(/\/$/, ''),
    datastore: store,
    relativeLocation: true,
    maxSize: app.config.maxElementBytes,
    exposedHeaders: [UPLOAD_ELEMENT_ID_HEADER],
    // Same origin only: tus would otherwise answer every origin with `Access-Control-Allow-Origin: *`.
    allowedOrigins: () => false,
    // An unexpected failure is logged, not told: tus would put its message (a database error) in the body.
    onResponseError(_req, error) {
      if ((error as { status_code?: number }).status_code) return undefined;
      app.log.error({ err: error }, 'upload failed');
      // A full or read-only disk is told as such (the client may resume later from the same offset).
      const storage = storageProblem(error);
      if (storage)
        return { status_code: STORAGE_PROBLEM_STATUS[storage], body: `${STORAGE_PROBLEM_MESSAGES[storage]}\n` };
      return { status_code: 500, body: 'Something went wrong\n' };
    },
    async onUploadCreate(req, upload) {
      const caller = callerOf(req as never);
      return { metadata: { ...upload.metadata, workspaceId: caller.workspaceId, polycueUserId: caller.userId } };
    },
    async onUploadFinish(req, upload) {
      const caller = callerOf(req as never);
      await mkdir(directory, { recursive: true });
      const scratch = await mkdtemp(path.join(directory, 'finished-'));
      const filePath = path.join(scratch, 'upload');
      try {
        await store.copyTo(upload.id, filePath);
        const { info, refusal } = await checkMedia(filePath);
        // Answered, not thrown: tus writes a thrown refusal as text/plain (its error path takes a
        // status and a body only), a hook's answer with its headers, so the 422 is the Error JSON
        // every other refusal is (docs/api.md). Nothing is kept either way (finally, below).
        if (refusal) return mediaRefusal(refusal);
        const fileName = upload.metadata?.filename || 'upload';
        const title = cleanTitle(path.parse(fileName).name).slice(0, 255) || 'Upload';
        const elementId = await elements.insert(app.db, {
          workspaceId: caller.workspaceId,
          userId: caller.userId,
          title,
          state: 'downloading',
        });
        const media = await storeElementMedia(
          app.storage,
          directory,
          { workspaceId: caller.workspaceId, elementId, fileName },
          filePath,
          info,
        );
        await elements.markReady(elementId, media);
        await makeBrowserRenditionLater(app.db, app.jobs, media.storageKey);
        const element = (await elements.find(caller.workspaceId, elementId))!;
        const body: UploadFinishedResponse = { data: elementResource(element) };
        return {
          status_code: 200,
          headers: { [UPLOAD_ELEMENT_ID_HEADER]: elementId, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        };
      } finally {
        // The element has its own copy in storage; the upload is done either way.
        await rm(scratch, { recursive: true, force: true });
        await store.remove(upload.id).catch(() => {});
      }
    },
  });

  // tus reads the body itself: leave the stream untouched.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function handOver(request: FastifyRequest, reply: FastifyReply, caller: UploadCaller) {
    callers.set(request.raw, caller);
    carryReplyHeaders(reply, { 'cache-control': 'no-store' });
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  }

  async function assertWorkspace(request: FastifyRequest, userId: string, workspaceId: string | undefined) {
    if (!workspaceId || !isResourceId(workspaceId))
      throw httpError(422, 'invalid', PROJECTS_SERVER_MESSAGES.uploadWorkspaceMissing, 'workspaceId');
    const standing = await tenancy.findWorkspaceStanding(userId, workspaceId);
    if (!standing) throw httpError(404, 'not_found', WORKSPACE_NOT_FOUND_MESSAGE);
    // An API token (the CLI's resumable uploads) reaches only its account and workspace, as on any route.
    const refusal =
      request.credential &&
      credentialRefusal(
        request.credential.limits,
        { accountId: standing.accountId, workspaceId },
        false,
        WORKSPACE_NOT_FOUND_MESSAGE,
      );
    if (refusal) throw refusal;
  }

  // tenant 'none': the workspace is in the Upload-Metadata header, checked above, not in params/query/body;
  // an API token is let through and narrowed there too ('handler').
  const config = { access: 'member', tenant: 'none', credentials: 'handler' } as const;

  app.post(
    PROJECTS_PATHS.uploads,
    { config, schema: { summary: 'tus: create an upload (the workspace and file name in Upload-Metadata)' } },
    async (request, reply) => {
      const userId = request.currentUser!.id;
      const metadata = parseMetadata(request.headers['upload-metadata'] as string | undefined);
      // The file name becomes the element's title, and all of it is kept in the database (jsonb
      // takes no NUL): refused here, before tus stores anything.
      assertCleanValue(metadata);
      const { workspaceId } = metadata;
      await assertWorkspace(request, userId, workspaceId);
      // The store needs the length up front (it would answer 501): a clear 400 instead.
      if (request.headers['upload-defer-length'] !== undefined)
        throw httpError(400, 'upload_length_required', PROJECTS_SERVER_MESSAGES.uploadLengthRequired);
      // The plan's largest video applies when the upload is created, not once its bytes are in:
      // a Free account could otherwise declare 2 GiB and fill storage up to the installation's limit.
      const declared = Number(request.headers['upload-length']);
      const maxBytes = await maxElementBytesOf(app.extensions, app.db, app.config, workspaceId);
      if (Number.isSafeInteger(declared) && declared > maxBytes) {
        throw httpError(413, 'element_too_large', elementTooLargeMessage(maxBytes));
      }
      await handOver(request, reply, { userId, workspaceId });
    },
  );

  for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
    app.route<{ Params: { uploadId: string } }>({
      method,
      url: `${PROJECTS_PATHS.uploads}:uploadId`,
      config,
      schema: {
        summary: 'tus: resume (HEAD), send bytes (PATCH) or cancel (DELETE) an upload',
        params: {
          type: 'object',
          required: ['uploadId'],
          properties: { uploadId: { type: 'string', pattern: UPLOAD_ID.source } },
        },
      },
      handler: async (request, reply) => {
        const userId = request.currentUser!.id;
        const upload = await tus.datastore.getUpload(request.params.uploadId).catch(() => null);
        // Another user's upload is indistinguishable from none.
        if (!upload || upload.metadata?.polycueUserId !== userId)
          throw httpError(404, 'not_found', PROJECTS_SERVER_MESSAGES.uploadNotFound);
        const workspaceId = upload.metadata?.workspaceId ?? undefined;
        await assertWorkspace(request, userId, workspaceId);
        await handOver(request, reply, { userId, workspaceId: workspaceId! });
      },
    });
  }
}
