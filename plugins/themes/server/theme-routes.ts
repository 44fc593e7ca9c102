import type { FastifyInstance } from 'fastify';
import {
  cleanResourceName,
  httpError,
  idParams,
  idString,
  ownResource,
  registerWorkspaceResourceList,
  resourceSchema,
  tenantOf,
} from '../../../server/plugin-api';
import {
  NAME_MAX_LENGTH,
  THEMES_PATHS,
  THEMES_PER_PAGE,
  THEMES_SERVER_MESSAGES as MESSAGES,
  type CreateThemeRequest,
  type ThemeResource,
  type UpdateThemeRequest,
} from '../common/themes-contract';
import { withDefaults, type ThemeRecord, type ThemeRepository } from './theme-repository';
import { cleanStyle, styleProperties } from './theme-style-rules';
import { THEME_DELETED } from '../common/theme-events';

// Lengths are checked after trimming, so the message can say which rule failed.
const name = { type: 'string', maxLength: 1000 } as const;
const themeSchema = resourceSchema('theme', {
  name: { type: 'string' },
  workspaceId: { type: 'string' },
  updatedAt: { type: 'string' },
  ...styleProperties,
});
const oneTheme = { type: 'object', properties: { data: themeSchema } } as const;
const ownTheme = ownResource('theme');

const cleanName = (raw: string) =>
  cleanResourceName(raw, { maxLength: NAME_MAX_LENGTH, blank: MESSAGES.nameBlank, tooLong: MESSAGES.nameTooLong });

export function themeResource(row: ThemeRecord): ThemeResource {
  return {
    id: row.id,
    type: 'theme',
    attributes: {
      ...row.style,
      name: row.name,
      workspaceId: row.workspaceId,
      updatedAt: new Date(row.updatedAt).toISOString(),
    },
  };
}

/** "Name (copy)", or "Name (copy 2)", "(copy 3)"… when taken; cut so it stays within the name's length. */
export function copyName(original: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${[...original].slice(0, NAME_MAX_LENGTH - suffix.length).join('')}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * docs/product-contract.md#calls: GET /api/v1/themes/ (a page of the workspace's themes, like the other resource
 * lists). Ours besides: POST the collection, PUT and DELETE …/{id}, POST …/{id}/duplicate (a POST:
 * it makes a new theme, answered 201 like a create).
 */
export function registerThemeRoutes(app: FastifyInstance, themes: ThemeRepository): void {
  registerWorkspaceResourceList(app, {
    path: THEMES_PATHS.themes,
    kind: 'theme',
    summaries: {
      list: "List a workspace's themes (burned-in subtitle styles), a page at a time",
      remove: 'Delete a theme',
    },
    itemSchema: themeSchema,
    perPage: THEMES_PER_PAGE,
    list: (workspaceId, options) => themes.list(workspaceId, options),
    remove: (id, tx) => themes.delete(id, tx),
    deletedEvent: THEME_DELETED,
    present: themeResource,
    notFound: MESSAGES.notFound,
  });

  app.post<{ Body: CreateThemeRequest }>(
    THEMES_PATHS.themes,
    {
      config: { access: 'member', tenant: { workspace: 'body.workspaceId' } },
      schema: {
        summary: 'Create a theme (a style for burned-in subtitles)',
        body: {
          type: 'object',
          required: ['workspaceId', 'name'],
          additionalProperties: false,
          properties: { workspaceId: idString, name, ...styleProperties },
        },
        response: { 201: oneTheme },
      },
    },
    async (request, reply) => {
      const { workspaceId: _workspaceId, name: rawName, ...style } = request.body;
      const row = await themes.create(
        tenantOf(request).workspaceId!,
        cleanName(rawName),
        withDefaults(cleanStyle(style)),
      );
      return reply.code(201).send({ data: themeResource(row) });
    },
  );

  app.put<{ Params: { id: string }; Body: UpdateThemeRequest }>(
    '/api/v1/themes/:id',
    {
      config: ownTheme,
      schema: {
        summary: 'Change a theme',
        params: idParams,
        body: { type: 'object', additionalProperties: false, properties: { name, ...styleProperties } },
        response: { 200: oneTheme },
      },
    },
    async (request) => {
      const { name: rawName, ...changes } = request.body;
      const row = await themes.update(request.params.id, {
        name: rawName === undefined ? undefined : cleanName(rawName),
        style: cleanStyle(changes),
      });
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: themeResource(row) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/v1/themes/:id/duplicate',
    // Nothing to send: an empty object (or no body at all).
    {
      config: ownTheme,
      schema: {
        summary: 'Duplicate a theme',
        params: idParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: { 201: oneTheme },
      },
    },
    async (request, reply) => {
      const original = await themes.find(request.params.id);
      if (!original) throw httpError(404, 'not_found', MESSAGES.notFound);
      const taken = await themes.namesLike(original.workspaceId, original.name);
      const row = await themes.create(original.workspaceId, copyName(original.name, taken), original.style);
      return reply.code(201).send({ data: themeResource(row) });
    },
  );
}
