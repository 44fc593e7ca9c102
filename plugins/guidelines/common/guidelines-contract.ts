import type { Resource } from '../../../core/common/session-types';

/**
 * Guidelines (docs/product-contract.md#entities-and-fields, #calls "Guidelines", #messages): how a workspace wants its translations: a
 * prompt for an instruction-following engine, and parameters any engine can honour in part
 * (words never to translate, a reading speed). One guideline per workspace may be the default,
 * offered first at set-up (`update_default`, cleared by `destroy_default`).
 */
export const GUIDELINES_PATHS = {
  guidelines: '/api/v1/guidelines/',
  guideline: (id: string) => `/api/v1/guidelines/${id}`,
  updateDefault: (id: string) => `/api/v1/guidelines/${id}/update_default`,
  destroyDefault: (id: string) => `/api/v1/guidelines/${id}/destroy_default`,
} as const;

export const GUIDELINES_PAGE = '/guidelines';

/** docs/product-contract.md#messages, verbatim (updates share the vocabularies' "Changes saved" / "Changes could not be saved"). */
export const GUIDELINES_MESSAGES = {
  notLoaded: 'Guidelines could not be loaded',
  notCreated: 'Guideline could not be created',
  notSaved: 'Changes could not be saved',
  notDeleted: 'Guideline could not be deleted',
  created: 'Guideline created',
  saved: 'Changes saved',
  deleted: 'Guideline deleted',
  // Not in the spec (ours): the default's toasts.
  defaultSet: 'Default guideline set',
  defaultCleared: 'Default guideline cleared',
  defaultNotChanged: 'Default guideline could not be changed',
} as const;

/** Not in the spec: what the server says about bad input. */
export const GUIDELINES_SERVER_MESSAGES = {
  nameBlank: "Name can't be blank",
  nameTooLong: 'Name is too long (maximum is 80 characters)',
  promptTooLong: 'The prompt is too long (maximum is 4000 characters)',
  tooManyWords: 'At most 200 words never to translate',
  notFound: 'Guideline not found',
} as const;

export const NAME_MAX_LENGTH = 80;
export const PROMPT_MAX_LENGTH = 4000;
export const MAX_DO_NOT_TRANSLATE = 200;
export const GUIDELINES_PER_PAGE = 50;

export type Formality = 'formal' | 'informal';

/** What a guideline asks of the translation, beyond its prompt. Every field optional. */
export interface GuidelineParameters {
  formality?: Formality | null;
  /** e.g. "friendly", "neutral", "technical". */
  tone?: string | null;
  /** The reading speed the translated cues must keep (the reading rules' default is 20). */
  maxCharsPerSecond?: number | null;
  /** Names, brands and terms kept as they are in every language. */
  doNotTranslate?: string[];
}

export interface GuidelineAttributes {
  name: string;
  prompt: string;
  parameters: GuidelineParameters;
  isDefault: boolean;
  workspaceId: string;
  updatedAt: string;
}

export type GuidelineResource = Resource<'guideline', GuidelineAttributes>;

export interface GuidelinesResponse {
  data: GuidelineResource[];
  meta: { page: number; perPage: number; hasMore: boolean };
}

export interface GuidelineResponse {
  data: GuidelineResource;
}

export interface CreateGuidelineRequest {
  workspaceId: string;
  name: string;
  prompt?: string;
  parameters?: GuidelineParameters;
}

export interface UpdateGuidelineRequest {
  name?: string;
  prompt?: string;
  parameters?: GuidelineParameters;
}
