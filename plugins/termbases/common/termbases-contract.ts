import type { Resource } from '../../../core/common/session-types';

/**
 * Term bases (docs/product-contract.md#entities-and-fields, #calls "Term bases", #messages, #constants-and-limits): a workspace's glossaries. A term base names
 * its languages; each entry gives a term per language. Chosen at set-up, a term base is enforced
 * on the translations (the pipeline's term-base rules).
 */
export const TERMBASES_PATHS = {
  termbases: '/api/v1/termbases/',
  termbase: (id: string) => `/api/v1/termbases/${id}`,
  addEntry: (id: string) => `/api/v1/termbases/${id}/add_entry`,
  importEntries: (termbaseId: string) => `/api/v1/termbases/${termbaseId}/import_entries`,
  entries: '/api/v1/termbase_entries',
  entry: (id: string) => `/api/v1/termbase_entries/${id}`,
} as const;

/** docs/product-contract.md#messages, verbatim (updates share "Changes saved" / "Changes could not be saved"). */
export const TERMBASES_MESSAGES = {
  notLoaded: 'Term bases could not be loaded',
  termsNotLoaded: 'Terms could not be loaded',
  notCreated: 'Term base could not be created',
  notSaved: 'Changes could not be saved',
  notDeleted: 'Term base could not be deleted',
  termNotAdded: 'Term could not be added',
  termNotDeleted: 'Term could not be deleted',
  termsNotImported: 'Terms could not be imported',
  created: 'Term base created',
  saved: 'Changes saved',
  deleted: 'Term base deleted',
  termAdded: 'Term added',
  termDeleted: 'Term deleted',
  termsImported: 'Terms imported',
} as const;

/** Not in the spec: what the server says about bad input. */
export const TERMBASES_SERVER_MESSAGES = {
  nameBlank: "Name can't be blank",
  nameTooLong: 'Name is too long (maximum is 80 characters)',
  languagesNeeded: 'A term base needs at least two languages',
  termsNeeded: 'An entry needs a term in at least one of the term base’s languages',
  unknownLanguage: 'This term base has no language "{language}"',
  termTooLong: 'A term is too long (maximum is 200 characters)',
  notFound: 'Term base not found',
  entryNotFound: 'Term not found',
} as const;

/** docs/product-contract.md#constants-and-limits: the colours term base languages are shown with, in order (ours: the values are not in the spec). */
export const TERMBASE_LANGUAGE_COLOURS = [
  '#2457d6',
  '#c4321c',
  '#1a7f4b',
  '#8e44ad',
  '#b7791f',
  '#0f766e',
  '#be185d',
  '#4b5563',
  '#7c3aed',
  '#0e7490',
  '#a16207',
  '#15803d',
] as const;

export const NAME_MAX_LENGTH = 80;
export const TERM_MAX_LENGTH = 200;
export const MAX_LANGUAGES = 12;
export const TERMBASES_PER_PAGE = 50;
export const ENTRIES_PER_PAGE = 100;

export interface TermbaseAttributes {
  name: string;
  /** ISO 639-1 codes, in the order people gave them (their colours follow it). */
  languages: string[];
  entriesCount: number;
  workspaceId: string;
  updatedAt: string;
}
export type TermbaseResource = Resource<'termbase', TermbaseAttributes>;

/** A term per language code; languages without a term are absent. */
export type Terms = Record<string, string>;

export interface TermbaseEntryAttributes {
  termbaseId: string;
  terms: Terms;
}
export type TermbaseEntryResource = Resource<'termbase_entry', TermbaseEntryAttributes>;

export interface TermbasesResponse {
  data: TermbaseResource[];
  meta: { page: number; perPage: number; hasMore: boolean };
}
export interface TermbaseResponse {
  data: TermbaseResource;
}
export interface TermbaseEntriesResponse {
  data: TermbaseEntryResource[];
  meta: { page: number; perPage: number; hasMore: boolean };
}
export interface TermbaseEntryResponse {
  data: TermbaseEntryResource;
}
