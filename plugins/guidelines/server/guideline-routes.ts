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
  GUIDELINES_PATHS,
  GUIDELINES_PER_PAGE,
  GUIDELINES_SERVER_MESSAGES as MESSAGES,
  MAX_DO_NOT_TRANSLATE,
  NAME_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  type CreateGuidelineRequest,
  type GuidelineParameters,
  type GuidelineResource,
  type UpdateGuidelineRequest,
} from '../common/guidelines-contract';
import type { GuidelineRecord, GuidelineRepository } from './guideline-repository';
import { GUIDELINE_DELETED } from '../common/guideline-events';

// Lengths are checked after trimming, so the message can say which rule failed.
const name = { type: 'string', maxLength: 1000 } as const;
const prompt = { type: 'string', maxLength: 100_000 } as const;
const parameters = {
  type: 'object',
  additionalProperties: false,
  properties: {
    formality: { anyOf: [{ type: 'string', enum: ['formal', 'informal'] }, { type: 'null' }] },
    tone: { anyOf: [{ type: 'string', maxLength: 40 }, { type: 'null' }] },
    maxCharsPerSecond: { anyOf: [{ type: 'number', minimum: 5, maximum: 40 }, { type: 'null' }] },
    doNotTranslate: { type: 'array', maxItems: 10_000, items: { type: 'string', maxLength: 100 } },
  },
} as const;
const guidelineSchema = resourceSchema('guideline', {
  name: { type: 'string' },
  prompt: { type: 'string' },
  parameters: { type: 'object', additionalProperties: true },
  isDefault: { type: 'boolean' },
  workspaceId: { type: 'string' },
  updatedAt: { type: 'string' },
});
const oneGuideline = { type: 'object', properties: { data: guidelineSchema } } as const;
const ownGuideline = ownResource('guideline');

const cleanName = (raw: string) =>
  cleanResourceName(raw, { maxLength: NAME_MAX_LENGTH, blank: MESSAGES.nameBlank, tooLong: MESSAGES.nameTooLong });

function cleanPrompt(raw: string): string {
  const text = raw.trim();
  if ([...text].length > PROMPT_MAX_LENGTH) throw httpError(422, 'invalid', MESSAGES.promptTooLong, 'prompt');
  return text;
}

/** Words trimmed, blanks and repeats (ignoring case) dropped; empty fields left out. */
function cleanParameters(raw: GuidelineParameters): GuidelineParameters {
  const seen = new Set<string>();
  const words = (raw.doNotTranslate ?? [])
    .map((word) => word.trim().replace(/\s+/g, ' '))
    .filter((word) => word && !seen.has(word.toLowerCase()) && seen.add(word.toLowerCase()));
  if (words.length > MAX_DO_NOT_TRANSLATE) throw httpError(422, 'invalid', MESSAGES.tooManyWords, 'parameters');
  const out: GuidelineParameters = {};
  if (raw.formality) out.formality = raw.formality;
  if (raw.tone?.trim()) out.tone = raw.tone.trim();
  if (raw.maxCharsPerSecond) out.maxCharsPerSecond = raw.maxCharsPerSecond;
  if (words.length) out.doNotTranslate = words;
  return out;
}

export function guidelineResource(row: GuidelineRecord): GuidelineResource {
  return {
    id: row.id,
    type: 'guideline',
    attributes: {
      name: row.name,
      prompt: row.prompt,
      parameters: row.parameters,
      isDefault: row.isDefault,
      workspaceId: row.workspaceId,
      updatedAt: new Date(row.updatedAt).toISOString(),
    },
  };
}

/**
 * docs/product-contract.md#calls "Guidelines": GET and POST /api/v1/guidelines/; PUT and DELETE …/{id};
 * PUT …/{id}/update_default; DELETE …/{id}/destroy_default.
 */
export function registerGuidelineRoutes(app: FastifyInstance, guidelines: GuidelineRepository): void {
  registerWorkspaceResourceList(app, {
    path: GUIDELINES_PATHS.guidelines,
    kind: 'guideline',
    summaries: {
      list: "List a workspace's guidelines (reading rules), a page at a time",
      remove: 'Delete a guideline',
    },
    itemSchema: guidelineSchema,
    perPage: GUIDELINES_PER_PAGE,
    list: (workspaceId, options) => guidelines.list(workspaceId, options),
    remove: (id, tx) => guidelines.delete(id, tx),
    deletedEvent: GUIDELINE_DELETED,
    present: guidelineResource,
    notFound: MESSAGES.notFound,
  });

  app.post<{ Body: CreateGuidelineRequest }>(
    GUIDELINES_PATHS.guidelines,
    {
      config: { access: 'member', tenant: { workspace: 'body.workspaceId' } },
      schema: {
        summary: 'Create a guideline (reading rules: line length, reading speed, gaps)',
        body: {
          type: 'object',
          required: ['workspaceId', 'name'],
          additionalProperties: false,
          properties: { workspaceId: idString, name, prompt, parameters },
        },
        response: { 201: oneGuideline },
      },
    },
    async (request, reply) => {
      const row = await guidelines.create(tenantOf(request).workspaceId!, {
        name: cleanName(request.body.name),
        prompt: cleanPrompt(request.body.prompt ?? ''),
        parameters: cleanParameters(request.body.parameters ?? {}),
      });
      return reply.code(201).send({ data: guidelineResource(row) });
    },
  );

  app.put<{ Params: { id: string }; Body: UpdateGuidelineRequest }>(
    '/api/v1/guidelines/:id',
    {
      config: ownGuideline,
      schema: {
        summary: 'Change a guideline',
        params: idParams,
        body: { type: 'object', additionalProperties: false, properties: { name, prompt, parameters } },
        response: { 200: oneGuideline },
      },
    },
    async (request) => {
      const row = await guidelines.update(request.params.id, {
        name: request.body.name === undefined ? undefined : cleanName(request.body.name),
        prompt: request.body.prompt === undefined ? undefined : cleanPrompt(request.body.prompt),
        parameters: request.body.parameters === undefined ? undefined : cleanParameters(request.body.parameters),
      });
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: guidelineResource(row) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/v1/guidelines/:id/update_default',
    // Nothing to send: an empty object (or no body at all).
    {
      config: ownGuideline,
      schema: {
        summary: "Make a guideline the workspace's default",
        params: idParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: {} },
        response: { 200: oneGuideline },
      },
    },
    async (request) => {
      const row = await guidelines.makeDefault(request.params.id);
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: guidelineResource(row) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/guidelines/:id/destroy_default',
    {
      config: ownGuideline,
      schema: {
        summary: 'Stop a guideline being the default (the workspace then has none)',
        params: idParams,
        response: { 200: oneGuideline },
      },
    },
    async (request) => {
      const row = await guidelines.clearDefault(request.params.id);
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: guidelineResource(row) };
    },
  );
}
