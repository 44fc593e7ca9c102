import { resourceSchema } from '../../../server/plugin-api';
import { MAX_LANGUAGES, type TermbaseEntryResource, type TermbaseResource } from '../common/termbases-contract';
import type { EntryRecord, TermbaseRecord } from './termbase-repository';

/** A term base and a term-base entry as the API serves them, and the schemas of the routes' bodies and answers. */
export const language = { type: 'string', pattern: '^[a-z]{2,3}$' } as const;
export const termbaseSchema = resourceSchema('termbase', {
  name: { type: 'string' },
  languages: { type: 'array', items: { type: 'string' } },
  entriesCount: { type: 'integer' },
  workspaceId: { type: 'string' },
  updatedAt: { type: 'string' },
});
export const entrySchema = resourceSchema('termbase_entry', {
  termbaseId: { type: 'string' },
  terms: { type: 'object', additionalProperties: { type: 'string' } },
});
export const termsBody = {
  type: 'object',
  maxProperties: MAX_LANGUAGES,
  additionalProperties: { type: 'string', maxLength: 10_000 },
} as const;
export const page = (items: object) => ({
  type: 'object',
  properties: {
    data: { type: 'array', items },
    meta: {
      type: 'object',
      properties: { page: { type: 'integer' }, perPage: { type: 'integer' }, hasMore: { type: 'boolean' } },
    },
  },
});

export const termbaseResource = (row: TermbaseRecord): TermbaseResource => ({
  id: row.id,
  type: 'termbase',
  attributes: {
    name: row.name,
    languages: row.languages,
    entriesCount: row.entriesCount,
    workspaceId: row.workspaceId,
    updatedAt: new Date(row.updatedAt).toISOString(),
  },
});
export const entryResource = (row: EntryRecord): TermbaseEntryResource => ({
  id: row.id,
  type: 'termbase_entry',
  attributes: { termbaseId: row.termbaseId, terms: row.terms },
});
