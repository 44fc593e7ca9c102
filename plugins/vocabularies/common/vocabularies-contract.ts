import type { Resource } from '../../../core/common/session-types';

/**
 * Vocabulary lists (docs/product-contract.md#entities-and-fields, #calls "Vocabularies", #messages): the names, brands and jargon of a
 * workspace's videos, one utterance per entry. Chosen at set-up, a list's words reach speech to
 * text (pocketsphinx learns the missing ones; an OpenAI-compatible engine gets them as hints).
 */
export const VOCABULARIES_PATHS = {
  vocabularies: '/api/v1/vocabularies/',
  vocabulary: (id: string) => `/api/v1/vocabularies/${id}`,
} as const;

export { VOCABULARIES_PAGE } from './vocabularies-page-path';

/** docs/product-contract.md#messages, verbatim. */
export const VOCABULARIES_MESSAGES = {
  notLoaded: 'Vocabulary lists could not be loaded',
  notCreated: 'Vocabulary list could not be created',
  notSaved: 'Changes could not be saved',
  notDeleted: 'Vocabulary list could not be deleted',
  created: 'Vocabulary list created',
  saved: 'Changes saved',
  nameSaved: 'Name saved',
  deleted: 'Vocabulary list deleted',
} as const;

/** Not in the spec: what the server says about bad input (shown below the toasts' titles). */
export const VOCABULARIES_SERVER_MESSAGES = {
  nameBlank: "Name can't be blank",
  nameTooLong: 'Name is too long (maximum is 80 characters)',
  tooManyUtterances: 'A vocabulary list holds at most 1000 entries',
  utteranceTooLong: 'An entry is too long (maximum is 100 characters)',
  notFound: 'Vocabulary list not found',
} as const;

export const NAME_MAX_LENGTH = 80;
export const MAX_UTTERANCES = 1000;
export const UTTERANCE_MAX_LENGTH = 100;
export const VOCABULARIES_PER_PAGE = 50;

export interface VocabularyAttributes {
  name: string;
  utterances: string[];
  workspaceId: string;
  updatedAt: string;
}

export type VocabularyResource = Resource<'vocabulary', VocabularyAttributes>;

export interface VocabulariesResponse {
  data: VocabularyResource[];
  meta: { page: number; perPage: number; hasMore: boolean };
}

export interface VocabularyResponse {
  data: VocabularyResource;
}

export interface CreateVocabularyRequest {
  workspaceId: string;
  name: string;
  utterances?: string[];
}

export interface UpdateVocabularyRequest {
  name?: string;
  utterances?: string[];
}

/** Entries as people type them (one per line): trimmed, blank lines and repeats (ignoring case) dropped. */
export function cleanUtterances(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const entry of raw) {
    const text = entry.trim().replace(/\s+/g, ' ');
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out;
}
