import type { FastifyInstance } from 'fastify';
import {
  cleanResourceName,
  httpError,
  idParams,
  idString,
  ownResource,
  registerWorkspaceResourceList,
  runOffThread,
  tenantOf,
} from '../../../server/plugin-api';
import {
  ENTRIES_PER_PAGE,
  MAX_LANGUAGES,
  NAME_MAX_LENGTH,
  TERM_MAX_LENGTH,
  TERMBASES_PATHS,
  TERMBASES_PER_PAGE,
  TERMBASES_SERVER_MESSAGES as MESSAGES,
  type Terms,
} from '../common/termbases-contract';
import type { TermFileOutcome } from './term-file-task';
import {
  entryResource,
  entrySchema,
  language,
  page,
  termbaseResource,
  termbaseSchema,
  termsBody,
} from './termbase-schemas';
import type { TermbaseRepository } from './termbase-repository';
import { TERMBASE_DELETED } from '../common/termbase-events';

const cleanName = (raw: string) =>
  cleanResourceName(raw, { maxLength: NAME_MAX_LENGTH, blank: MESSAGES.nameBlank, tooLong: MESSAGES.nameTooLong });
/** Term-base files are read on a worker thread (term-file-task.ts). */
const TERM_FILE_TASK = new URL('./term-file-task.ts', import.meta.url);

function cleanLanguages(raw: string[]): string[] {
  const languages = [...new Set(raw)];
  if (languages.length < 2) throw httpError(422, 'invalid', MESSAGES.languagesNeeded, 'languages');
  return languages;
}

/** Terms trimmed, blanks dropped; every language one of the term base's; at least one term. */
function cleanTerms(raw: Terms, languages: readonly string[]): Terms {
  const terms: Terms = {};
  for (const [code, term] of Object.entries(raw)) {
    const text = term.trim().replace(/\s+/g, ' ');
    if (!text) continue;
    if (!languages.includes(code))
      throw httpError(422, 'invalid', MESSAGES.unknownLanguage.replace('{language}', code), 'terms');
    if ([...text].length > TERM_MAX_LENGTH) throw httpError(422, 'invalid', MESSAGES.termTooLong, 'terms');
    terms[code] = text;
  }
  if (Object.keys(terms).length === 0) throw httpError(422, 'invalid', MESSAGES.termsNeeded, 'terms');
  return terms;
}

/** docs/product-contract.md#calls "Term bases", every call. */
export function registerTermbaseRoutes(app: FastifyInstance, termbases: TermbaseRepository): void {
  const found = async (id: string) =>
    (await termbases.find(id)) ?? Promise.reject(httpError(404, 'not_found', MESSAGES.notFound));

  registerWorkspaceResourceList(app, {
    path: TERMBASES_PATHS.termbases,
    kind: 'termbase',
    summaries: {
      list: "List a workspace's term bases, a page at a time",
      remove: 'Delete a term base and its entries',
    },
    itemSchema: termbaseSchema,
    perPage: TERMBASES_PER_PAGE,
    list: (workspaceId, options) => termbases.list(workspaceId, options),
    remove: (id, tx) => termbases.delete(id, tx),
    deletedEvent: TERMBASE_DELETED,
    present: termbaseResource,
    notFound: MESSAGES.notFound,
  });

  app.post<{ Body: { workspaceId: string; name: string; languages: string[] } }>(
    TERMBASES_PATHS.termbases,
    {
      config: { access: 'member', tenant: { workspace: 'body.workspaceId' } },
      schema: {
        summary: 'Create a term base in some languages',
        body: {
          type: 'object',
          required: ['workspaceId', 'name', 'languages'],
          additionalProperties: false,
          properties: {
            workspaceId: idString,
            name: { type: 'string', maxLength: 1000 },
            languages: { type: 'array', maxItems: MAX_LANGUAGES, items: language },
          },
        },
        response: { 201: { type: 'object', properties: { data: termbaseSchema } } },
      },
    },
    async (request, reply) => {
      const row = await termbases.create(
        tenantOf(request).workspaceId!,
        cleanName(request.body.name),
        cleanLanguages(request.body.languages),
      );
      return reply.code(201).send({ data: termbaseResource(row) });
    },
  );

  app.put<{ Params: { id: string }; Body: { name?: string; languages?: string[] } }>(
    '/api/v1/termbases/:id',
    {
      config: ownResource('termbase'),
      schema: {
        summary: "Change a term base's name or languages",
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            name: { type: 'string', maxLength: 1000 },
            languages: { type: 'array', maxItems: MAX_LANGUAGES, items: language },
          },
        },
        response: { 200: { type: 'object', properties: { data: termbaseSchema } } },
      },
    },
    async (request) => {
      const row = await termbases.update(request.params.id, {
        name: request.body.name === undefined ? undefined : cleanName(request.body.name),
        languages: request.body.languages === undefined ? undefined : cleanLanguages(request.body.languages),
      });
      if (!row) throw httpError(404, 'not_found', MESSAGES.notFound);
      return { data: termbaseResource(row) };
    },
  );

  app.put<{ Params: { id: string }; Body: { terms: Terms } }>(
    '/api/v1/termbases/:id/add_entry',
    {
      config: ownResource('termbase'),
      schema: {
        summary: 'Add an entry (a term in each language) to a term base',
        params: idParams,
        body: { type: 'object', required: ['terms'], additionalProperties: false, properties: { terms: termsBody } },
        response: { 200: { type: 'object', properties: { data: entrySchema } } },
      },
    },
    async (request) => {
      const termbase = await found(request.params.id);
      const [entry] = await termbases.addEntries(termbase, [cleanTerms(request.body.terms, termbase.languages)]);
      return { data: entryResource(entry!) };
    },
  );

  app.put<{ Params: { termbaseId: string }; Body: { content: string; fileName?: string } }>(
    '/api/v1/termbases/:termbaseId/import_entries',
    {
      config: { access: 'member', tenant: { resource: 'termbase', id: 'params.termbaseId' } },
      schema: {
        summary: 'Import entries into a term base from a file',
        params: { type: 'object', required: ['termbaseId'], properties: { termbaseId: idString } },
        // The file's text (CSV, TSV or TBX): the browser reads it; at most 5 MB. Its name, when
        // sent, only helps tell TBX from CSV; the content alone does otherwise.
        body: {
          type: 'object',
          required: ['content'],
          additionalProperties: false,
          properties: {
            content: { type: 'string', maxLength: 5_000_000 },
            fileName: { type: 'string', maxLength: 255 },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: termbaseSchema,
              meta: {
                type: 'object',
                properties: {
                  imported: { type: 'integer' },
                  skippedLanguages: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const termbase = await found(request.params.termbaseId);
      const { content, fileName } = request.body;
      const parsed = await runOffThread<TermFileOutcome>(
        TERM_FILE_TASK,
        'readTermFile',
        content,
        fileName,
        termbase.languages,
      );
      if ('refused' in parsed) throw httpError(422, 'invalid', parsed.refused, 'content');
      const entries = parsed.entries.map((terms) => cleanTerms(terms, termbase.languages));
      await app.db.transaction((tx) => termbases.addEntries(termbase, entries, tx));
      return {
        data: termbaseResource((await termbases.find(termbase.id))!),
        meta: { imported: entries.length, skippedLanguages: parsed.skippedLanguages },
      };
    },
  );

  app.get<{ Querystring: { termbaseId: string; search?: string; page?: number } }>(
    TERMBASES_PATHS.entries,
    {
      config: { access: 'member', tenant: { resource: 'termbase', id: 'query.termbaseId' } },
      schema: {
        summary: "List a term base's entries, a page at a time (searchable)",
        querystring: {
          type: 'object',
          required: ['termbaseId'],
          properties: {
            termbaseId: idString,
            search: { type: 'string', maxLength: 200 },
            page: { type: 'integer', minimum: 1, maximum: 100_000 },
          },
        },
        response: { 200: page(entrySchema) },
      },
    },
    async (request) => {
      const pageNumber = request.query.page ?? 1;
      const { rows, hasMore } = await termbases.entries(request.query.termbaseId, {
        search: (request.query.search ?? '').trim(),
        page: pageNumber,
        perPage: ENTRIES_PER_PAGE,
      });
      return { data: rows.map(entryResource), meta: { page: pageNumber, perPage: ENTRIES_PER_PAGE, hasMore } };
    },
  );

  app.put<{ Params: { id: string }; Body: { terms: Terms } }>(
    '/api/v1/termbase_entries/:id',
    {
      config: ownResource('termbaseEntry'),
      schema: {
        summary: 'Change a term base entry',
        params: idParams,
        body: { type: 'object', required: ['terms'], additionalProperties: false, properties: { terms: termsBody } },
        response: { 200: { type: 'object', properties: { data: entrySchema } } },
      },
    },
    async (request) => {
      const entry = await termbases.entry(request.params.id);
      if (!entry) throw httpError(404, 'not_found', MESSAGES.entryNotFound);
      const termbase = await found(entry.termbaseId);
      const updated = await termbases.updateEntry(entry.id, cleanTerms(request.body.terms, termbase.languages));
      return { data: entryResource(updated!) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/v1/termbase_entries/:id',
    {
      config: ownResource('termbaseEntry'),
      schema: {
        summary: 'Delete a term base entry',
        params: idParams,
        response: {
          200: { type: 'object', properties: { data: { type: 'object', properties: { id: { type: 'string' } } } } },
        },
      },
    },
    async (request) => {
      if (!(await termbases.deleteEntry(request.params.id))) throw httpError(404, 'not_found', MESSAGES.entryNotFound);
      return { data: { id: request.params.id } };
    },
  );
}
