import type { FastifyInstance, FastifyReply } from 'fastify';
import { httpError, idParams, idString, ownResource, tenantOf, type ServiceRegistry } from '../../../server/plugin-api';
import { PROJECT_VERSIONS } from '../../projects/common/project-versions-service';
import {
  PREVIEW_TEXT_MAX_LENGTH,
  THEMES_PATHS,
  THEMES_SERVER_MESSAGES as MESSAGES,
  type ThemeStyle,
} from '../common/themes-contract';
import { withDefaults, type ThemeRepository } from './theme-repository';
import { cleanStyle, styleProperties } from './theme-style-rules';
import type { PreviewSource, ThemePreviewRenderer } from './theme-preview';

/** Two lines, as most cues have, so the line spacing and the box of each line show. */
export const SAMPLE_TEXT = 'This is how your subtitles will look\non a frame of your video';

interface PreviewQuery {
  projectVersionId?: string;
  text?: string;
}
const previewQuery = { projectVersionId: idString, text: { type: 'string', maxLength: 1000 } } as const;

/** The video of one of the workspace's versions; null when it has none ready; 404 when the version is not the workspace's. */
async function sourceOf(
  services: ServiceRegistry,
  db: FastifyInstance['db'],
  workspaceId: string,
  projectVersionId: string | undefined,
): Promise<PreviewSource | null> {
  if (!projectVersionId) return null;
  const versions = services.find(PROJECT_VERSIONS);
  if (!versions) return null;
  const [version] = await versions.mediaInWorkspace(db, workspaceId, [projectVersionId]);
  if (!version) throw httpError(404, 'not_found', MESSAGES.versionNotFound, 'projectVersionId');
  return version.storageKey && version.elementState === 'ready'
    ? { storageKey: version.storageKey, durationMs: version.elementDurationMs || version.durationMs }
    : null;
}

function sampleText(raw: string | undefined): string {
  const text = raw?.trim() || SAMPLE_TEXT;
  if ([...text].length > PREVIEW_TEXT_MAX_LENGTH) throw httpError(422, 'invalid', MESSAGES.textTooLong, 'text');
  return text;
}

/**
 * The live preview (not in the spec): a JPEG of the sample text burned by libass onto a frame of
 * one of the workspace's videos (`projectVersionId`), or onto a neutral gradient when none is named
 * or it has no readable video yet (header `x-preview-background: video | pattern`).
 * - GET /api/v1/themes/preview?workspaceId&<style fields>: unsaved attributes, as typed in the
 *   dialog (a GET so an <img> loads it with the session cookie; fields left out take the default's);
 * - GET /api/v1/themes/{id}/preview: a saved theme.
 */
export function registerThemePreviewRoutes(
  app: FastifyInstance,
  themes: ThemeRepository,
  renderer: ThemePreviewRenderer,
): void {
  const send = async (reply: FastifyReply, workspaceId: string, style: ThemeStyle, query: PreviewQuery) => {
    const text = sampleText(query.text);
    const { jpeg, background } = await renderer.render(
      style,
      text,
      await sourceOf(app.services, app.db, workspaceId, query.projectVersionId),
    );
    // Each answer is for this session's workspace and changes with the theme: never cached.
    return reply
      .type('image/jpeg')
      .header('cache-control', 'private, no-store')
      .header('x-preview-background', background)
      .send(jpeg);
  };

  app.get<{ Querystring: PreviewQuery & { workspaceId: string } & Partial<ThemeStyle> }>(
    THEMES_PATHS.preview,
    {
      config: { access: 'member', tenant: { workspace: 'query.workspaceId' } },
      schema: {
        summary: 'Preview a style not saved yet: a frame with a subtitle drawn on it',
        querystring: {
          type: 'object',
          required: ['workspaceId'],
          additionalProperties: false,
          properties: { workspaceId: idString, ...previewQuery, ...styleProperties },
        },
      },
    },
    async (request, reply) => {
      const { workspaceId: _workspaceId, projectVersionId, text, ...style } = request.query;
      return send(reply, tenantOf(request).workspaceId!, withDefaults(cleanStyle(style)), { projectVersionId, text });
    },
  );

  app.get<{ Params: { id: string }; Querystring: PreviewQuery }>(
    '/api/v1/themes/:id/preview',
    {
      config: ownResource('theme'),
      schema: {
        summary: 'Preview a theme: a frame with a subtitle drawn in its style',
        params: idParams,
        querystring: { type: 'object', additionalProperties: false, properties: previewQuery },
      },
    },
    async (request, reply) => {
      const theme = await themes.find(request.params.id);
      if (!theme) throw httpError(404, 'not_found', MESSAGES.notFound);
      return send(reply, theme.workspaceId, theme.style, request.query);
    },
  );
}
