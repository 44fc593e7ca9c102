import type { FastifyInstance } from 'fastify';
import { errorBody, httpError, tenantOf } from '../../../server/plugin-api';
import {
  IMPORT_MAX_BYTES,
  SUBTITLES_PATHS,
  SUBTITLES_SERVER_MESSAGES,
  type CuesResponse,
  type SaveCuesConflict,
  type SaveCuesRequest,
} from '../common/subtitles-contract';
import { SUBTITLE_SAVED } from '../common/subtitle-events';
import { sendStoredMedia } from './byte-range';
import type { SubtitleRepository } from './subtitle-repository';
import { subtitleResource } from './subtitles-presenter';
import { cuesResponse, paramsWith, saveConflictResponse, saveCuesBody } from './subtitles-schemas';

type SubtitleParams = { projectVersionId: string; subtitleId: string };
const ofSubtitle = { access: 'member', tenant: { resource: 'subtitle', id: 'params.subtitleId' } } as const;

/**
 * What the subtitle editor needs beyond reading cues: saving the whole list against the revision
 * it was edited from (409 with the server's copy when someone else saved, imported or re-ran the
 * pipeline meanwhile: the editor shows both, it never overwrites silently), and the version's
 * media with Range support for its player.
 */
export function registerEditorRoutes(app: FastifyInstance, subtitles: SubtitleRepository): void {
  const notFound = () => httpError(404, 'not_found', SUBTITLES_SERVER_MESSAGES.subtitleNotFound);

  app.put<{ Params: SubtitleParams; Body: SaveCuesRequest }>(
    SUBTITLES_PATHS.cues(':projectVersionId', ':subtitleId'),
    {
      config: ofSubtitle,
      // A film's cue list as JSON is a few hundred KB; a long series several MB.
      bodyLimit: IMPORT_MAX_BYTES,
      schema: { params: paramsWith('projectVersionId', 'subtitleId'), body: saveCuesBody, response: { 200: cuesResponse, 409: saveConflictResponse } },
    },
    async (request, reply): Promise<CuesResponse | SaveCuesConflict> => {
      const workspaceId = tenantOf(request).workspaceId!;
      const { projectVersionId, subtitleId } = request.params;
      if (!(await subtitles.find(app.db, workspaceId, { id: subtitleId, projectVersionId }))) throw notFound();
      const cues = request.body.cues.map(({ start, end, text, speaker }) => ({ start, end, text, speaker }));
      const result = await subtitles.replaceCuesAt(workspaceId, subtitleId, request.body.revision, cues, (tx, saved) =>
        app.events.publish(tx, SUBTITLE_SAVED, { subtitleId, projectVersionId, language: saved.language, revision: saved.revision, by: 'editor' }, { workspaceId }),
      );
      if (!result) throw notFound();
      if (!result.saved) {
        reply.code(409);
        return {
          ...(errorBody(409, 'revision_conflict', SUBTITLES_SERVER_MESSAGES.revisionConflict) as Omit<SaveCuesConflict, 'theirs'>),
          theirs: { revision: result.revision, updatedAt: result.updatedAt, cues: result.cues },
        };
      }
      return { data: subtitleResource(result.subtitle), cues: await subtitles.readCues(app.db, subtitleId), meta: { title: result.subtitle.title } };
    },
  );

  app.get<{ Params: SubtitleParams }>(
    SUBTITLES_PATHS.video(':projectVersionId', ':subtitleId'),
    { config: ofSubtitle, schema: { params: paramsWith('projectVersionId', 'subtitleId') } },
    async (request, reply) => {
      const { projectVersionId, subtitleId } = request.params;
      const missing = () => reply.code(404).send(errorBody(404, 'not_found', SUBTITLES_SERVER_MESSAGES.mediaMissing));
      const key = await subtitles.mediaKey(tenantOf(request).workspaceId!, subtitleId, projectVersionId);
      if (!key) return missing();
      return sendStoredMedia(app.storage, key, request, reply, missing);
    },
  );
}
