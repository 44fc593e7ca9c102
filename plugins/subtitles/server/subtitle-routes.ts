import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tenantOf, httpError, runOffThread } from '../../../server/plugin-api';
import {
  IMPORT_MAX_BYTES,
  SUBTITLES_MESSAGES,
  SUBTITLES_PATHS,
  SUBTITLES_SERVER_MESSAGES,
  type CreateSubtitleRequest,
  type ImportSrtResponse,
  type SubtitleResponse,
  type SubtitlesResponse,
} from '../common/subtitles-contract';
import type { CueChunks, Refusal } from './cue-tasks';
import { SUBTITLE_REVIEW_CHANGED, SUBTITLE_SAVED } from '../common/subtitle-events';
import type { SubtitleRepository } from './subtitle-repository';
import { isReviewer, refuseReviewer } from './review-access';
import { cuesResponseText, subtitleResource } from './subtitles-presenter';
import {
  createSubtitleBody,
  cuesResponse,
  importResponse,
  oneSubtitle,
  paramsWith,
  subtitlesResponse,
} from './subtitles-schemas';

type VersionParams = { projectVersionId: string };
type SubtitleParams = { projectVersionId: string; subtitleId: string };

const ofVersion = { access: 'member', tenant: { resource: 'projectVersion', id: 'params.projectVersionId' } } as const;
const ofSubtitle = { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } } as const;

/** The import's multipart fields: `srt_content` as a file or a text field (bytes either way, so any encoding reads). */
/** The import's multipart fields, for the OpenAPI document (server/http/openapi.ts, `config.multipartBody`). */
const importSrtBody = {
  type: 'object',
  required: ['srt_content'],
  properties: {
    srt_content: {
      type: 'string',
      format: 'binary',
      description:
        'The subtitle file (SRT, WebVTT, TTML, ASS/SSA, SBV; any common text encoding); a text field works too',
    },
    enable_speaker_diarization: {
      type: 'string',
      enum: ['true', 'false'],
      description: "'true' keeps the file's speaker names (WebVTT voices, ASS names, `Name:` prefixes)",
    },
  },
} as const;

async function readImportFields(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ content: Buffer; keepSpeakers: boolean }> {
  const fileMissing = () => httpError(422, 'invalid', SUBTITLES_SERVER_MESSAGES.fileMissing, 'srt_content');
  // No body, or one that is not multipart (JSON, text): the file is missing, as when the form
  // lacks it, so the same 422 naming the field (a malformed multipart body stays a 400).
  if (!request.isMultipart()) throw fileMissing();
  let content: Buffer | null = null;
  let keepSpeakers = false;
  const tooLarge = () => httpError(422, 'file_too_large', SUBTITLES_SERVER_MESSAGES.fileTooLarge, 'srt_content');
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, fieldSize: IMPORT_MAX_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === 'srt_content') content = await part.toBuffer();
        else await part.toBuffer(); // drain what we do not use
      } else if (part.fieldname === 'srt_content') {
        if (part.valueTruncated) throw tooLarge();
        content = Buffer.from(String(part.value ?? ''), 'utf8');
      } else if (part.fieldname === 'enable_speaker_diarization') {
        keepSpeakers = String(part.value).toLowerCase() === 'true';
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    throw error;
  }
  if (!content || content.length === 0) throw fileMissing();
  return { content, keepSpeakers };
}

const CUE_TASKS = new URL('./cue-tasks.ts', import.meta.url);

/** The file's cues as insert chunks, read on a worker thread; or the 422 naming the line, the cue count or the cue. */
async function readOffThread(content: Buffer, keepSpeakers: boolean, chunkSize: number): Promise<CueChunks> {
  const bytes = new Uint8Array(content.buffer, content.byteOffset, content.length);
  const result = await runOffThread<CueChunks | Refusal>(CUE_TASKS, 'readImport', bytes, keepSpeakers, chunkSize);
  if ('refused' in result)
    throw httpError(result.refused.status, result.refused.code, result.refused.message, result.refused.field);
  return result;
}

/** `/api/v1/project_versions/{id}/subtitles…`: list, create, read the cues, import a file. */
export function registerSubtitleRoutes(
  app: FastifyInstance,
  subtitles: SubtitleRepository,
  live: {
    /** After an import: editors open on the subtitle get the new cues (live/live-rooms.ts). */
    rowsReplaced(subtitleId: string): Promise<void>;
    /** Before the cues are read: live edits not yet in the rows are written. */
    beforeRowsRead(subtitleId: string): Promise<void>;
  } = { rowsReplaced: async () => {}, beforeRowsRead: async () => {} },
): void {
  const notFound = () => httpError(404, 'not_found', SUBTITLES_SERVER_MESSAGES.subtitleNotFound);

  app.get<{ Params: VersionParams }>(
    SUBTITLES_PATHS.subtitles(':projectVersionId'),
    {
      config: ofVersion,
      schema: {
        summary: "List a project version's subtitles (one per language)",
        params: paramsWith('projectVersionId'),
        response: { 200: subtitlesResponse },
      },
    },
    async (request): Promise<SubtitlesResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const { projectVersionId } = request.params;
      const found = await subtitles.listWithVersion(workspaceId, projectVersionId);
      if (!found) throw notFound();
      return {
        data: found.subtitles.map(subtitleResource),
        meta: {
          projectVersionId,
          projectId: found.version.projectId,
          title: found.version.title,
          workspaceId,
          duration: found.version.durationMs / 1000,
        },
      };
    },
  );

  // Not in the spec's list of calls: the pipeline makes subtitles, but a user importing a file
  // before (or without) any processing needs one to import into. Idempotent per language.
  app.post<{ Params: VersionParams; Body: CreateSubtitleRequest }>(
    SUBTITLES_PATHS.subtitles(':projectVersionId'),
    {
      config: ofVersion,
      schema: {
        summary: 'Add a subtitle in a language (answers the existing one if there is)',
        params: paramsWith('projectVersionId'),
        body: createSubtitleBody,
        response: { 200: oneSubtitle, 201: oneSubtitle },
      },
    },
    async (request, reply): Promise<SubtitleResponse> => {
      const { subtitle, created } = await subtitles.createOrFind(app.db, {
        projectVersionId: request.params.projectVersionId,
        workspaceId: tenantOf(request).workspaceId!,
        language: request.body.language,
        kind: request.body.kind ?? 'transcript',
      });
      reply.code(created ? 201 : 200);
      return { data: subtitleResource(subtitle) };
    },
  );

  app.get<{ Params: SubtitleParams }>(
    SUBTITLES_PATHS.cues(':projectVersionId', ':subtitleId'),
    {
      config: ofSubtitle,
      schema: {
        summary: "Read a subtitle's cues",
        params: paramsWith('projectVersionId', 'subtitleId'),
        response: { 200: cuesResponse },
      },
    },
    async (request, reply) => {
      const { projectVersionId, subtitleId } = request.params;
      // The tenant hook has checked the subtitle is the caller's: its live edits go into the rows first.
      await live.beforeRowsRead(subtitleId);
      const subtitle = await subtitles.find(app.db, tenantOf(request).workspaceId!, {
        id: subtitleId,
        projectVersionId,
      });
      if (!subtitle) throw notFound();
      return reply.type('application/json; charset=utf-8').send(
        cuesResponseText(subtitle, await subtitles.readCuesJson(app.db, subtitleId, { review: true }), {
          reviewOnly: isReviewer(request),
        }),
      );
    },
  );

  // docs/product-contract.md#calls: multipart srt_content + enable_speaker_diarization. The whole file is read before the
  // database is touched; the replacement is one transaction, so a subtitle is never half-replaced.
  app.post<{ Params: SubtitleParams }>(
    SUBTITLES_PATHS.importSrt(':projectVersionId', ':subtitleId'),
    {
      config: { ...ofSubtitle, multipartBody: importSrtBody },
      schema: {
        summary: "Replace a subtitle's cues with a file's (SRT, WebVTT, ASS/SSA, SBV, TTML)",
        params: paramsWith('projectVersionId', 'subtitleId'),
        response: { 200: importResponse },
      },
    },
    async (request): Promise<ImportSrtResponse> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const { projectVersionId, subtitleId } = request.params;
      if (!(await subtitles.find(app.db, workspaceId, { id: subtitleId, projectVersionId }))) throw notFound();
      refuseReviewer(request);
      const { content, keepSpeakers } = await readImportFields(app, request);
      const { chunks } = await readOffThread(content, keepSpeakers, subtitles.chunkSize);
      const updated = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query('SELECT id FROM subtitles WHERE id = $1 AND workspace_id = $2 FOR UPDATE', [
          subtitleId,
          workspaceId,
        ]);
        if (rows.length === 0) throw notFound();
        const moved = await subtitles.replaceCueColumns(tx, subtitleId, chunks);
        const saved = (await subtitles.find(tx, workspaceId, { id: subtitleId }))!;
        await app.events.publish(
          tx,
          SUBTITLE_SAVED,
          { subtitleId, projectVersionId, language: saved.language, revision: saved.revision, by: 'import' },
          { workspaceId },
        );
        // Approved cues whose text the file changed went back to "reviewed".
        if (Object.keys(moved).length > 0)
          await app.events.publish(
            tx,
            SUBTITLE_REVIEW_CHANGED,
            {
              subtitleId,
              projectVersionId,
              language: saved.language,
              moved,
              userId: request.currentUser?.id ?? null,
              by: 'import',
            },
            { workspaceId },
          );
        return saved;
      });
      await live.rowsReplaced(subtitleId);
      return { message: SUBTITLES_MESSAGES.srtImported, data: subtitleResource(updated!) };
    },
  );
}
