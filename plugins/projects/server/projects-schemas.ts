import { resourceSchema } from '../../../server/plugin-api';
import {
  MAX_BULK_IDS,
  MAX_PROJECT_VERSIONS_PER_PAGE,
  MAX_URLS_PER_SUBMIT,
  PROJECT_VERSIONS_PER_PAGE,
  SEARCH_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '../common/projects-contract';
import { ID_LIST_PATTERN, ID_PATTERN } from '../../../core/common/resource-id';

/** JSON schemas of the projects calls: bad input is a 400 naming the field, before any SQL runs. */

export const idString = { type: 'string', pattern: ID_PATTERN } as const;
/** One id, or several comma separated (query strings: `ids=1,2` or `ids=1&ids=2`). */
const idListText = { type: 'string', pattern: ID_LIST_PATTERN, maxLength: 20_000 } as const;
const bulkIds = { type: 'array', minItems: 1, maxItems: MAX_BULK_IDS, items: idString } as const;
const title = { type: 'string', minLength: 1, maxLength: TITLE_MAX_LENGTH } as const;
const elementState = { type: 'string', enum: ['downloading', 'ready', 'failed'] } as const;

export const paramsWith = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: idString } }) as const;

export const createProjectBody = {
  type: 'object',
  required: ['workspaceId', 'title'],
  additionalProperties: false,
  properties: { workspaceId: idString, title, elementId: idString },
} as const;

export const createWithProjectBody = {
  type: 'object',
  required: ['workspaceId', 'elementId'],
  additionalProperties: false,
  properties: { workspaceId: idString, elementId: idString, title },
} as const;

export const youtubeDlBody = {
  type: 'object',
  required: ['workspaceId', 'urls', 'submitUrlIdentifier'],
  additionalProperties: false,
  properties: {
    workspaceId: idString,
    urls: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_URLS_PER_SUBMIT,
      items: { type: 'string', minLength: 1, maxLength: 2000 },
    },
    submitUrlIdentifier: { type: 'string', minLength: 1, maxLength: 100 },
  },
} as const;

export const elementsQuery = {
  type: 'object',
  required: ['workspaceId'],
  additionalProperties: false,
  properties: { workspaceId: idString, state: elementState, ids: { type: 'array', maxItems: 1000, items: idListText } },
} as const;

export const elementUpdatesBody = {
  type: 'object',
  required: ['workspaceId', 'elementIds'],
  additionalProperties: false,
  properties: { workspaceId: idString, elementIds: { ...bulkIds, maxItems: 1000 } },
} as const;

export const projectVersionsQuery = {
  type: 'object',
  required: ['workspaceId'],
  additionalProperties: false,
  properties: {
    workspaceId: idString,
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    perPage: {
      type: 'integer',
      minimum: 1,
      maximum: MAX_PROJECT_VERSIONS_PER_PAGE,
      default: PROJECT_VERSIONS_PER_PAGE,
    },
    labels: { type: 'array', maxItems: 200, items: idListText },
    search: { type: 'string', maxLength: SEARCH_MAX_LENGTH, default: '' },
    after: { type: 'string', maxLength: 200 },
  },
} as const;

export const projectVersionIdsBody = {
  type: 'object',
  required: ['workspaceId', 'projectVersionIds'],
  additionalProperties: false,
  properties: { workspaceId: idString, projectVersionIds: bulkIds },
} as const;

// --- responses (also strip anything a handler might add by mistake)

const nullableString = { type: ['string', 'null'] } as const;
export const elementResourceSchema = resourceSchema('element', {
  title: { type: 'string' },
  state: { type: 'string' },
  unformattedSize: { type: 'number' },
  unformattedDuration: { type: 'number' },
  projectVersionIds: { type: 'array', items: { type: 'string' } },
  workspaceId: { type: 'string' },
  sourceUrl: nullableString,
  submitUrlIdentifier: nullableString,
  thumbnailUrl: nullableString,
  failure: nullableString,
  failureKind: nullableString,
  description: nullableString,
  createdAt: { type: 'string' },
});

const versionResource = resourceSchema('project_version', {
  projectId: { type: 'string' },
  workspaceId: { type: 'string' },
  title: { type: 'string' },
  createdAt: { type: 'string' },
  duration: { type: 'number' },
  thumbnailUrl: nullableString,
  elementId: nullableString,
  elementState: nullableString,
  mediaRemovedAfterDays: { type: ['integer', 'null'] },
  labels: {
    type: 'array',
    items: { type: 'object', properties: { id: { type: 'string' }, caption: { type: 'string' } } },
  },
  subtitles: { type: 'array', items: { type: 'object', additionalProperties: true } },
  // Other plugins' list columns (projectVersionListExtensions), e.g. the pipeline's `processing`.
  processing: { anyOf: [{ type: 'object', additionalProperties: true }, { type: 'null' }] },
});
/** Attributes stay open: a list column an outside plugin adds is served too (known ones serialize faster). */
export const projectVersionResourceSchema = {
  ...versionResource,
  properties: {
    ...versionResource.properties,
    attributes: { ...versionResource.properties.attributes, additionalProperties: true },
  },
} as const;

const countMeta = { type: 'object', properties: { numberOfProjects: { type: 'integer' } } } as const;
const listOf = (item: object) => ({ type: 'object', properties: { data: { type: 'array', items: item } } }) as const;

export const createProjectResponse = {
  type: 'object',
  properties: { data: { type: 'array', items: projectVersionResourceSchema }, meta: countMeta },
} as const;

export const createWithProjectResponse = {
  type: 'object',
  properties: { data: elementResourceSchema, projectVersions: listOf(projectVersionResourceSchema), meta: countMeta },
} as const;

export const youtubeDlResponse = {
  type: 'object',
  properties: {
    projectVersions: listOf(projectVersionResourceSchema),
    elements: listOf(elementResourceSchema),
    meta: {
      type: 'object',
      properties: { numberOfProjects: { type: 'integer' }, maxElementBytes: { type: 'number' } },
    },
  },
} as const;

export const elementsResponse = {
  type: 'object',
  properties: {
    data: { type: 'array', items: elementResourceSchema },
    meta: { type: 'object', properties: { maxElementBytes: { type: 'number' } } },
  },
} as const;

export const deleteElementResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { id: { type: 'string' }, projectVersionIds: { type: 'array', items: { type: 'string' } } },
    },
    meta: countMeta,
  },
} as const;

export const projectVersionsResponse = {
  type: 'object',
  properties: {
    data: { type: 'array', items: projectVersionResourceSchema },
    meta: {
      type: 'object',
      properties: {
        page: { type: 'integer' },
        perPage: { type: 'integer' },
        hasMore: { type: 'boolean' },
        nextCursor: nullableString,
      },
    },
  },
} as const;

export const deleteProjectVersionsResponse = {
  type: 'object',
  properties: {
    data: { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } } } },
    meta: countMeta,
  },
} as const;

/** `["1,2", "3"]` -> `["1", "2", "3"]`, duplicates dropped. */
export function splitIds(values: string[] | undefined): string[] {
  return [...new Set((values ?? []).flatMap((value) => value.split(',')))];
}
