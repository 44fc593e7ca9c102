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
  cleanUtterances,
  MAX_UTTERANCES,
  NAME_MAX_LENGTH,
  UTTERANCE_MAX_LENGTH,
  VOCABULARIES_PATHS,
  VOCABULARIES_PER_PAGE,
  VOCABULARIES_SERVER_MESSAGES as MESSAGES,
  type CreateVocabularyRequest,
  type UpdateVocabularyRequest,
  type VocabularyResource,
} from '../common/vocabularies-contract';
import type { VocabularyRecord, VocabularyRepository } from './vocabulary-repository';
import { VOCABULARY_DELETED } from '../common/vocabulary-events';

// Lengths are checked after trimming (cleanName, cleanUtterances), so the message can say which rule failed.
const name = { type: 'string', maxLength: 1000 } as const;
const utterances = { type: 'array', maxItems: 10_000, items: { type: 'string', maxLength: 1000 } } as const;
const vocabularySchema = resourceSchema('vocabulary', {
  name: { type: 'string' },
  utterances: { type: 'array', items: { type: 'string' } },
  workspaceId: { type: 'string' },
  updatedAt: { type: 'string' },
});
const oneVocabulary = { type: 'object', properties: { data: vocabularySchema } } as const;

const cleanName = (raw: string) =>
  cleanResourceName(raw, { maxLength: NAME_MAX_LENGTH, blank: MESSAGES.nameBlank, tooLong: MESSAGES.nameTooLong });

function cleanEntries(raw: string[]): string[] {
  const entries = cleanUtterances(raw);
  if (entries.length > MAX_UTTERANCES) throw httpError(422, 'invalid', MESSAGES.tooManyUtterances, 'utterances');
  if (entries.some((entry) => [...entry].length > UTTERANCE_MAX_LENGTH))
    throw httpError(422, 'invalid', MESSAGES.utteranceTooLong, 'utterances');
  return entries;
}

export function vocabularyResource(row: VocabularyRecord): VocabularyResource {
  return {
    id: row.id,
    type: 'vocabulary',
    attributes: {
      name: row.name,
      utterances: row.utterances,
      workspaceId: row.workspaceId,
      updatedAt: new Date(row.updatedAt).toISOString(),
    },
  };
}

/** docs/product-contract.md#calls "Vocabularies": GET and POST /api/v1/vocabularies/; PUT and DELETE /api/v1/vocabularies/{id}. */
export function registerVocabularyRoutes(app: FastifyInstance, vocabularies: VocabularyRepository): void {
  registerWorkspaceResourceList(app, {
    path: VOCABULARIES_PATHS.vocabularies,
    kind: 'vocabulary',
    summaries: {
      list: "List a workspace's vocabularies (words recognition should know), a page at a time",
      remove: 'Delete a vocabulary',
    },
    itemSchema: vocabularySchema,
    perPage: VOCABULARIES_PER_PAGE,
    list: (workspaceId, options) => vocabularies.list(workspaceId, options),
    remove: (id, tx) => vocabularies.delete(id, tx),
    deletedEvent: VOCABULARY_DELETED,
    present: vocabularyResource,
    notFound: MESSAGES.notFound,
  });

  app.post<{ Body: CreateVocabularyRequest }>(
    VOCABULARIES_PATHS.vocabularies,
    {
      config: { access: 'member', tenant: { workspace: 'body.workspaceId' } },
      schema: {
        summary: 'Create a vocabulary',
        body: {
          type: 'object',
          required: ['workspaceId', 'name'],
          additionalProperties: false,
          properties: { workspaceId: idString, name, utterances },
        },
        response: { 201: oneVocabulary },
      },
    },
    async (request, reply) => {
      const row = await vocabularies.create(
        tenantOf(request).workspaceId!,
        cleanName(request.body.name),
        cleanEntries(request.body.utterances ?? []),
      );
      return reply.code(201).send({ data: vocabularyResource(row) });
    },
  );

  app.put<{ Params: { id: string }; Body: UpdateVocabularyRequest }>(
    '/api/v1/vocabularies/:id',
    {
      config: ownResource('vocabulary'),
      schema: {
        summary: 'Change a vocabulary',
        params: idParams,
        // An empty body changes nothing and answers the list as it is.
        body: { type: 'object', additionalProperties: false, properties: { name, utterances } },
        response: { 200: oneVocabulary },
      },
    },
    async (request) => {
      const changes = {
        name: request.body.name === undefined ? undefined : cleanName(request.body.name),
        utterances: request.body.utterances === undefined ? undefined : cleanEntries(request.body.utterances),
      };
      const row = await vocabularies.update(request.params.id, changes);
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: vocabularyResource(row) };
    },
  );
}
