import {
  MAX_SETUP_VERSIONS,
  MAX_TARGET_LANGUAGES,
  PROCESSING_STEPS,
  TRANSCRIPT_MAX_LENGTH,
} from '../common/pipeline-contract';
import { ID_LIST_PATTERN, ID_PATTERN } from '../../../core/common/resource-id';

/** JSON schemas of the pipeline calls: bad input is a 400 naming the field, before any SQL runs. */

const idString = { type: 'string', pattern: ID_PATTERN } as const;
const nullableId = { anyOf: [idString, { type: 'null' }] } as const;
/** ISO 639-1/3, optionally with a region or script (`en`, `pt-BR`). */
export const LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$';
const language = { type: 'string', pattern: LANGUAGE_PATTERN } as const;
const languages = { type: 'array', maxItems: MAX_TARGET_LANGUAGES, uniqueItems: true, items: language } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;

/** `projectVersionIds=1,2` or `projectVersionIds=1&projectVersionIds=2`. */
export const settingsQuery = {
  type: 'object',
  required: ['workspaceId', 'projectVersionIds'],
  additionalProperties: false,
  properties: {
    workspaceId: idString,
    projectVersionIds: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_SETUP_VERSIONS,
      items: { type: 'string', pattern: ID_LIST_PATTERN, maxLength: 20_000 },
    },
  },
} as const;

const settingsProperties = {
  language,
  subtitleLanguages: languages,
  transcript: { type: 'string', maxLength: TRANSCRIPT_MAX_LENGTH },
  vocabularyListId: nullableId,
  guidelineId: nullableId,
  termbaseId: nullableId,
} as const;

const setupBody = (settings: object) =>
  ({
    type: 'object',
    required: ['projectVersionIds', 'includesTranscript', 'workspaceId', 'settings'],
    additionalProperties: false,
    properties: {
      projectVersionIds: {
        type: 'array',
        minItems: 1,
        maxItems: MAX_SETUP_VERSIONS,
        uniqueItems: true,
        items: idString,
      },
      includesTranscript: { type: 'boolean' },
      workspaceId: idString,
      settings,
    },
  }) as const;

export const setupRequestBody = setupBody({
  type: 'object',
  required: ['language', 'subtitleLanguages'],
  additionalProperties: false,
  properties: settingsProperties,
});

export const setupTtsRequestBody = setupBody({
  type: 'object',
  required: ['language', 'subtitleLanguages', 'dubbingLanguages'],
  additionalProperties: false,
  // voiceCloning: the voice-over in the speaker's own voice (no engine here does it; a plan may not allow it).
  properties: { ...settingsProperties, dubbingLanguages: languages, voiceCloning: { type: 'boolean' } },
});

export const setupResponse = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['projectVersionId', 'runId', 'subtitleId'],
        properties: { projectVersionId: idString, runId: idString, subtitleId: idString },
      },
    },
    editorUrl: { type: 'string' },
  },
} as const;

const lastUsed = {
  anyOf: [
    { type: 'null' },
    {
      type: 'object',
      properties: {
        language: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        subtitleLanguages: strings,
        dubbingLanguages: strings,
        vocabularyListId: nullableId,
        guidelineId: nullableId,
        termbaseId: nullableId,
      },
    },
  ],
} as const;

export const settingsResponse = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'object',
      properties: {
        duration: { type: 'number' },
        language: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        subtitleLanguages: strings,
        hasAudioSeparation: { type: 'boolean' },
        subscriptionSubtitlesLength: { anyOf: [{ type: 'number' }, { type: 'null' }] },
        targetLanguagesAllowed: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
        hasVoice: { type: 'boolean' },
        languagesForVideos: strings,
        translationLanguages: { type: 'object', additionalProperties: strings },
        nonTranslatableLanguages: strings,
        alignmentLanguages: strings,
        dubbingLanguages: strings,
        voiceCloningLanguages: strings,
        engines: {
          type: 'object',
          additionalProperties: {
            type: 'object',
            properties: { name: { type: 'string' }, expect: { type: 'string' } },
          },
        },
        lastUsedSettings: lastUsed,
        elements: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              elementId: idString,
              duration: { type: 'number' },
              projectVersionId: idString,
              downloading: { type: 'boolean' },
              size: { type: 'number' },
            },
          },
        },
      },
    },
  },
} as const;

export const versionParams = {
  type: 'object',
  required: ['projectVersionId'],
  properties: { projectVersionId: idString },
} as const;

export const dubbedMediaParams = {
  type: 'object',
  required: ['projectVersionId', 'language', 'kind'],
  properties: { projectVersionId: idString, language, kind: { type: 'string', enum: ['audio', 'video'] } },
} as const;

const step = { type: 'string', enum: [...PROCESSING_STEPS] } as const;
const currentStepProperties = {
  allProcessingSteps: { type: 'array', items: step },
  currentProcessingStep: step,
  state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
  progress: { type: 'number' },
  steps: {
    type: 'array',
    items: { type: 'object', properties: { step, state: { type: 'string' }, progress: { type: 'number' } } },
  },
  failure: { anyOf: [{ type: 'null' }, { type: 'object', properties: { step, message: { type: 'string' } } }] },
  noSpeech: { type: 'boolean' },
} as const;

export const currentStepResponse = {
  type: 'object',
  required: ['data'],
  properties: { data: { anyOf: [{ type: 'null' }, { type: 'object', properties: currentStepProperties }] } },
} as const;

export const processingInfoResponse = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: {
            ...currentStepProperties,
            projectVersionDuration: { type: 'number' },
            projectTitle: { type: 'string' },
            projectId: idString,
            subtitleId: idString,
            guidelineId: { anyOf: [idString, { type: 'null' }] },
            hasVoice: { type: 'boolean' },
            subtitles: {
              type: 'array',
              items: {
                type: 'object',
                properties: { subtitleId: idString, language: { type: 'string' }, kind: { type: 'string' } },
              },
            },
            dubbedMedia: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  language: { type: 'string' },
                  audioUrl: { type: 'string' },
                  videoUrl: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                },
              },
            },
            translations: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  language: { type: 'string' },
                  cues: { type: 'integer' },
                  flaggedCues: { type: 'integer' },
                  terms: {
                    type: 'object',
                    properties: { occurrences: { type: 'integer' }, honoured: { type: 'integer' } },
                  },
                  termsFixed: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        source: { type: 'string' },
                        target: { type: 'string' },
                        count: { type: 'integer' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      ],
    },
  },
} as const;
