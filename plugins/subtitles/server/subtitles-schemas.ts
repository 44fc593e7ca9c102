import { resourceSchema } from '../../../server/plugin-api';
import {
  DOWNLOAD_FORMATS,
  LANGUAGE_PATTERN,
  MAX_CUE_TEXT_LENGTH,
  MAX_DOWNLOAD_VERSIONS,
  MAX_SAVED_CUES,
  MAX_SPEAKER_LENGTH,
} from '../common/subtitles-contract';
import { ID_DIGITS, ID_PATTERN } from '../../../core/common/resource-id';

/** JSON schemas of the subtitles calls: bad input is a 400 naming the field, before any SQL runs. */

export const idString = { type: 'string', pattern: ID_PATTERN } as const;
const language = { type: 'string', pattern: LANGUAGE_PATTERN, maxLength: 35 } as const;

export const paramsWith = (...names: string[]) =>
  ({ type: 'object', required: names, properties: Object.fromEntries(names.map((name) => [name, idString])) }) as const;

/** Query lists: repeated (`a=1&a=2`) or comma separated (`a=1,2`), split by `splitList`. */
const listOf = (item: string, maxItems: number) =>
  ({
    type: 'array',
    minItems: 1,
    maxItems,
    items: { type: 'string', pattern: `^${item}(,${item})*$`, maxLength: 20_000 },
  }) as const;

export const splitList = (values: string[] | undefined): string[] => [
  ...new Set((values ?? []).flatMap((value) => value.split(',')).filter(Boolean)),
];

export const downloadQuery = {
  type: 'object',
  required: ['workspaceId', 'projectVersionIds'],
  additionalProperties: false,
  properties: {
    workspaceId: idString,
    projectVersionIds: listOf(ID_DIGITS, MAX_DOWNLOAD_VERSIONS),
    formats: { ...listOf(`(?:${DOWNLOAD_FORMATS.join('|')})`, 20), default: ['srt'] },
    languages: listOf(LANGUAGE_PATTERN.replace(/^\^|\$$/g, ''), 200),
  },
} as const;

export const emptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const createSubtitleBody = {
  type: 'object',
  required: ['language'],
  additionalProperties: false,
  properties: { language, kind: { type: 'string', enum: ['transcript', 'translation'], default: 'transcript' } },
} as const;

// --- responses (also strip anything a handler might add by mistake)

export const subtitleResourceSchema = resourceSchema('subtitle', {
  projectVersionId: { type: 'string' },
  projectId: { type: 'string' },
  language: { type: 'string' },
  kind: { type: 'string' },
  cuesCount: { type: 'integer' },
  revision: { type: 'integer' },
  updatedAt: { type: 'string' },
  editorUrl: { type: 'string' },
  reviewedCount: { type: 'integer' },
  approvedCount: { type: 'integer' },
});

export const oneSubtitle = { type: 'object', properties: { data: subtitleResourceSchema } } as const;

export const subtitlesResponse = {
  type: 'object',
  properties: {
    data: { type: 'array', items: subtitleResourceSchema },
    meta: {
      type: 'object',
      properties: {
        projectVersionId: { type: 'string' },
        projectId: { type: 'string' },
        title: { type: 'string' },
        workspaceId: { type: 'string' },
        duration: { type: 'number' },
      },
    },
  },
} as const;

const cue = {
  type: 'object',
  properties: {
    start: { type: 'integer' },
    end: { type: 'integer' },
    text: { type: 'string' },
    speaker: { type: 'string' },
    /** Present (true) only for a cue wholly in italics. */
    italic: { type: 'boolean' },
    /** Left out for "to do" (../common/cue-review.ts). */
    review: { type: 'string', enum: ['translated', 'reviewed', 'approved'] },
  },
} as const;

export const cuesResponse = {
  type: 'object',
  properties: {
    data: subtitleResourceSchema,
    cues: { type: 'array', items: cue },
    meta: { type: 'object', properties: { title: { type: 'string' }, reviewOnly: { type: 'boolean' } } },
  },
} as const;

/**
 * The editor's save: times are whole milliseconds; text as typed (lines joined by \n). The route
 * declares it (for readers, the API catalogue and the isolation sweep) but does not run it: the
 * body is read and checked to this shape on a worker thread (cue-tasks.ts readSave).
 */
export const saveCuesBody = {
  type: 'object',
  required: ['revision', 'cues'],
  additionalProperties: false,
  properties: {
    revision: { type: 'integer', minimum: 0 },
    cues: {
      type: 'array',
      maxItems: MAX_SAVED_CUES,
      items: {
        type: 'object',
        required: ['start', 'end', 'text'],
        additionalProperties: false,
        properties: {
          start: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
          end: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
          text: { type: 'string', maxLength: MAX_CUE_TEXT_LENGTH },
          speaker: { type: 'string', maxLength: MAX_SPEAKER_LENGTH },
          /** The whole cue in italics; a save where no cue names it keeps each position's. */
          italic: { type: 'boolean' },
          review: { type: 'string', enum: ['todo', 'translated', 'reviewed', 'approved'] },
        },
      },
    },
  },
} as const;

export const saveConflictResponse = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    code: { type: 'string' },
    message: { type: 'string' },
    theirs: {
      type: 'object',
      properties: { revision: { type: 'integer' }, updatedAt: { type: 'string' }, cues: { type: 'array', items: cue } },
    },
  },
} as const;

export const importResponse = {
  type: 'object',
  properties: { message: { type: 'string' }, data: subtitleResourceSchema },
} as const;

const externalTokenSchema = resourceSchema('external_token', {
  subtitleId: { type: 'string' },
  createdAt: { type: 'string' },
  createdByName: { type: ['string', 'null'] },
});

export const createTokenResponse = {
  type: 'object',
  properties: { externalTokenUrl: { type: 'string' }, data: externalTokenSchema },
} as const;
export const tokensResponse = {
  type: 'object',
  properties: { data: { type: 'array', items: externalTokenSchema } },
} as const;
export const revokeResponse = {
  type: 'object',
  properties: { data: { type: 'object', properties: { id: { type: 'string' } } } },
} as const;

/** The share token is checked in the handler, so a malformed one gets the same 404 as a revoked one. */
export const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 200 } },
} as const;

export const sharedResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        title: { type: 'string' },
        language: { type: 'string' },
        duration: { type: 'number' },
        hasVideo: { type: 'boolean' },
      },
    },
  },
} as const;
