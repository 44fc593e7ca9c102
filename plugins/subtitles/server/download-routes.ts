import { refuseUnapproved } from './review-settings';
import type { FastifyInstance } from 'fastify';
import { tenantOf, httpError } from '../../../server/plugin-api';
import { SUBTITLES_PATHS, SUBTITLES_SERVER_MESSAGES, type DownloadFormat } from '../common/subtitles-contract';
import { create as contentDisposition } from 'content-disposition';
import { archiveName, streamSubtitleArchive } from './subtitle-archive';
import type { SubtitleRepository } from './subtitle-repository';
import { downloadQuery, splitList } from './subtitles-schemas';

interface DownloadQuerystring {
  workspaceId: string;
  projectVersionIds: string[];
  formats: string[];
  languages?: string[];
}

/**
 * `GET /api/v1/project_versions/download_subtitles`: every subtitle (with cues) of the named
 * versions, in every format asked, as one zip streamed while it is built. The workspace names the
 * tenant; versions of other workspaces among the ids are simply not included. Nothing to put in
 * the archive is a 404 before any byte is sent, so the browser can show why.
 */
export function registerDownloadRoutes(app: FastifyInstance, subtitles: SubtitleRepository): void {
  app.get<{ Querystring: DownloadQuerystring }>(
    SUBTITLES_PATHS.downloadSubtitles,
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        summary: "Download project versions' subtitles as a zip, in the formats asked",
        querystring: downloadQuery,
      },
    },
    async (request, reply) => {
      const workspaceId = tenantOf(request).workspaceId!;
      const projectVersionIds = splitList(request.query.projectVersionIds);
      const formats = splitList(request.query.formats) as DownloadFormat[];
      const languages = request.query.languages ? splitList(request.query.languages) : null;
      const found = await subtitles.forDownload(workspaceId, projectVersionIds, languages);
      if (found.length === 0) throw httpError(404, 'nothing_to_download', SUBTITLES_SERVER_MESSAGES.nothingToDownload);
      // A download is an export too: a workspace exporting approved subtitles only refuses it before any byte.
      await refuseUnapproved(app.db, workspaceId, found);
      const archive = streamSubtitleArchive(found, formats, (id) => subtitles.readCuesJson(app.db, id));
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition(archiveName(found)))
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
}
