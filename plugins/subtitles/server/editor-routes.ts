import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { errorBody, httpError, runOffThread, tenantOf } from '../../../server/plugin-api';
import {
  IMPORT_MAX_BYTES,
  SUBTITLES_PATHS,
  SUBTITLES_SERVER_MESSAGES,
  type SaveCuesConflict,
} from '../common/subtitles-contract';
import { SUBTITLE_REVIEW_CHANGED, SUBTITLE_SAVED } from '../common/subtitle-events';
import { BROWSER_RENDITIONS } from '../../projects/common/browser-rendition';
import { sendPlayableMedia } from './byte-range';
import type { CueChunks, Refusal } from './cue-tasks';
import type { SubtitleRepository } from './subtitle-repository';
import { refuseReviewer } from './review-access';
import { cuesResponseText } from './subtitles-presenter';
import { cuesResponse, paramsWith, saveConflictResponse, saveCuesBody } from './subtitles-schemas';

type SubtitleParams = { projectVersionId: string; subtitleId: string };
const ofSubtitle = { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } } as const;
const CUE_TASKS = new URL('./cue-tasks.ts', import.meta.url);
/** The save route's params, checked as the app checks every route's (coerced, like Fastify's default); its body is checked off the loop. */
const paramsAjv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false });

/**
 * What the subtitle editor needs beyond reading cues: saving the whole list against the revision
 * it was edited from (409 with the server's copy when someone else saved, imported or re-ran the
 * pipeline meanwhile: the editor shows both, it never overwrites silently), and the version's
 * media with Range support for its player.
 */
export function registerEditorRoutes(
  app: FastifyInstance,
  subtitles: SubtitleRepository,
  live: {
    /** After a save: editors open on the subtitle get the new cues (live/live-rooms.ts). */
    rowsReplaced(subtitleId: string): Promise<void>;
    /**
     * Before a save: live edits not yet written into the rows are written now, so they move the
     * revision and a save made from an older one gets the 409 (the editor's "keep mine / take
     * theirs") instead of writing the old text back over colleagues' live edits.
     */
    beforeRowsRead(subtitleId: string): Promise<void>;
  } = { rowsReplaced: async () => {}, beforeRowsRead: async () => {} },
): void {
  const notFound = () => httpError(404, 'not_found', SUBTITLES_SERVER_MESSAGES.subtitleNotFound);
  // Media stored before browser copies were made gets one asked for by the first player (byte-range.ts).
  const askForCopy = (key: string) => app.services.get(BROWSER_RENDITIONS).askOnce(key);

  // The save's body is read as text and parsed on a worker thread (cue-tasks.ts readSave checks
  // what the body schema would): JSON.parse and validation of 100,000 cues held the event loop
  // for over a second. The JSON parser is swapped for this route only, in its own scope.
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.put<{ Params: SubtitleParams; Body: string }>(
      SUBTITLES_PATHS.cues(':projectVersionId', ':subtitleId'),
      {
        config: ofSubtitle,
        // A film's cue list as JSON is a few hundred KB; a long series several MB.
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          summary: "Save a subtitle's cues (all of them, refused with 409 if changed meanwhile)",
          params: paramsWith('projectVersionId', 'subtitleId'),
          body: saveCuesBody,
          response: { 200: cuesResponse, 409: saveConflictResponse },
        },
        // The body schema is declared, not run here: readSave checks the same shape on a worker thread.
        validatorCompiler: ({ schema, httpPart }) => (httpPart === 'body' ? () => true : paramsAjv.compile(schema)),
      },
      async (request, reply) => {
        const workspaceId = tenantOf(request).workspaceId!;
        const { projectVersionId, subtitleId } = request.params;
        if (!(await subtitles.find(app.db, workspaceId, { id: subtitleId, projectVersionId }))) throw notFound();
        refuseReviewer(request);
        if (typeof request.body !== 'string')
          throw httpError(400, 'invalid', 'Send the cues as JSON (Content-Type: application/json)', 'body');
        const save = await runOffThread<(CueChunks & { revision: number }) | Refusal>(
          CUE_TASKS,
          'readSave',
          request.body,
          subtitles.chunkSize,
        );
        if ('refused' in save)
          throw httpError(
            save.refused.status,
            save.refused.code,
            save.refused.message,
            save.refused.field || undefined,
          );
        const userId = request.currentUser?.id ?? null;
        await live.beforeRowsRead(subtitleId);
        const result = await subtitles.replaceCuesAt(
          workspaceId,
          subtitleId,
          save.revision,
          save.chunks,
          async (tx, saved, moved) => {
            const about = { subtitleId, projectVersionId, language: saved.language };
            await app.events.publish(
              tx,
              SUBTITLE_SAVED,
              { ...about, revision: saved.revision, by: 'editor' },
              { workspaceId },
            );
            // One event for the whole save, however many cues moved.
            if (Object.keys(moved).length > 0)
              await app.events.publish(
                tx,
                SUBTITLE_REVIEW_CHANGED,
                { ...about, moved, userId, by: 'editor' },
                { workspaceId },
              );
          },
        );
        if (!result) throw notFound();
        reply.type('application/json; charset=utf-8');
        if (!result.saved) {
          const conflict = errorBody(409, 'revision_conflict', SUBTITLES_SERVER_MESSAGES.revisionConflict) as Omit<
            SaveCuesConflict,
            'theirs'
          >;
          const theirs = `{"revision":${result.revision},"updatedAt":${JSON.stringify(result.updatedAt)},"cues":${result.cuesJson}}`;
          return reply.code(409).send(`${JSON.stringify(conflict).slice(0, -1)},"theirs":${theirs}}`);
        }
        await live.rowsReplaced(subtitleId);
        return reply.send(
          cuesResponseText(result.subtitle, await subtitles.readCuesJson(app.db, subtitleId, { review: true })),
        );
      },
    );
  });

  app.get<{ Params: SubtitleParams }>(
    SUBTITLES_PATHS.video(':projectVersionId', ':subtitleId'),
    {
      config: ofSubtitle,
      schema: {
        summary: 'The video a subtitle is for (supports Range)',
        params: paramsWith('projectVersionId', 'subtitleId'),
      },
    },
    async (request, reply) => {
      const { projectVersionId, subtitleId } = request.params;
      const { key, removedAfterDays } = await subtitles.media(
        tenantOf(request).workspaceId!,
        subtitleId,
        projectVersionId,
      );
      const why = removedAfterDays
        ? SUBTITLES_SERVER_MESSAGES.mediaRemoved(removedAfterDays)
        : SUBTITLES_SERVER_MESSAGES.mediaMissing;
      const missing = () => reply.code(404).send(errorBody(404, 'not_found', why));
      if (!key) return missing();
      return sendPlayableMedia(app.storage, key, request, reply, missing, askForCopy);
    },
  );
}
