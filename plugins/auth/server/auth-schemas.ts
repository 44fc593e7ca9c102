import { accountResourceSchema, resourceSchema } from '../../../server/plugin-api';
import { ID_PATTERN } from '../../../core/common/resource-id';
/**
 * JSON schemas of the auth calls (request bodies and the resources they answer with). Password
 * rules beyond a sane upper bound are checked in the handlers, so breaking them is a 422 with the
 * Devise sentence rather than a generic 400.
 */

/** Positive bigint as text: anything else is a 400 before it reaches SQL. */
export const idString = { type: 'string', pattern: ID_PATTERN } as const;

const email = { type: 'string', minLength: 1, maxLength: 254 } as const;
/** Far above PASSWORD_MAX_LENGTH: only there so nobody makes argon2 hash a megabyte. */
const password = { type: 'string', maxLength: 1024 } as const;
const personName = { type: 'string', maxLength: 100 } as const;
/** Devise forms send these along; accepted and ignored. */
const deviseFormFields = {
  utf8: { type: 'string', maxLength: 8 },
  commit: { type: 'string', maxLength: 100 },
} as const;

export const signUpBody = {
  type: 'object',
  required: ['user'],
  additionalProperties: false,
  properties: {
    ...deviseFormFields,
    user: {
      type: 'object',
      required: ['email', 'password'],
      additionalProperties: false,
      properties: { email, password, passwordConfirmation: password, name: personName, lastName: personName },
    },
    anonymousId: { type: ['string', 'null'], maxLength: 200 },
  },
} as const;

export const signInBody = {
  type: 'object',
  required: ['user'],
  additionalProperties: false,
  properties: {
    ...deviseFormFields,
    user: {
      type: 'object',
      required: ['email', 'password'],
      additionalProperties: false,
      properties: { email, password, remember_me: { type: 'string', enum: ['0', '1'] } },
    },
  },
} as const;

/** `{ user: { email } }`: resend confirmation, request a password reset. */
export const emailOnlyBody = {
  type: 'object',
  required: ['user'],
  additionalProperties: false,
  properties: {
    ...deviseFormFields,
    user: { type: 'object', required: ['email'], additionalProperties: false, properties: { email } },
  },
} as const;

export const setPasswordBody = {
  type: 'object',
  required: ['user'],
  additionalProperties: false,
  properties: {
    ...deviseFormFields,
    user: {
      type: 'object',
      required: ['reset_password_token', 'password', 'password_confirmation'],
      additionalProperties: false,
      properties: {
        reset_password_token: { type: 'string', minLength: 1, maxLength: 200 },
        password,
        password_confirmation: password,
      },
    },
  },
} as const;

export const confirmationQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { confirmation_token: { type: 'string', maxLength: 200 } },
} as const;

const surveyAnswer = {
  anyOf: [
    { type: 'string', maxLength: 1000 },
    { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 1000 } },
  ],
} as const;

export const surveyBody = {
  type: 'object',
  required: ['survey'],
  additionalProperties: false,
  properties: {
    survey: {
      type: 'object',
      required: ['answers'],
      additionalProperties: false,
      properties: {
        answers: {
          type: 'object',
          maxProperties: 50,
          propertyNames: { maxLength: 100 },
          additionalProperties: surveyAnswer,
        },
      },
    },
  },
} as const;

export const alertIdBody = {
  type: 'object',
  required: ['alertId'],
  additionalProperties: false,
  properties: { alertId: idString },
} as const;
export const accountIdBody = {
  type: 'object',
  required: ['accountId'],
  additionalProperties: false,
  properties: { accountId: idString },
} as const;
export const workspaceIdBody = {
  type: 'object',
  required: ['workspaceId'],
  additionalProperties: false,
  properties: { workspaceId: idString },
} as const;

export const newsletterBody = {
  type: 'object',
  additionalProperties: false,
  properties: { subscribe: { type: 'boolean' } },
} as const;

export const updateProfileBody = {
  type: 'object',
  required: ['user'],
  additionalProperties: false,
  properties: {
    user: {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: personName,
        lastName: personName,
        email,
        password,
        passwordConfirmation: password,
        currentPassword: password,
      },
    },
  },
} as const;

// --- responses ----------------------------------------------------------------------------------

const nullableId = { type: ['string', 'null'] } as const;

export const userResource = resourceSchema('user', {
  name: { type: 'string' },
  lastName: { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  onboardingState: { type: 'string' },
  confirmedEmail: { type: 'boolean' },
  relevantAlert: {
    type: ['object', 'null'],
    properties: {
      id: { type: 'string' },
      message: { type: 'string' },
      linkLabel: { type: ['string', 'null'] },
      linkUrl: { type: ['string', 'null'] },
    },
  },
  shouldSeeNewsletterPopup: { type: 'boolean' },
  numberOfProjectsSuccessfullyCreated: { type: 'integer' },
  lastUsedAccountId: nullableId,
  lastUsedWorkspaceId: nullableId,
  avatarUrl: { type: ['string', 'null'] },
  lastViewedAlertId: nullableId,
});

export const userResponse = { type: 'object', required: ['data'], properties: { data: userResource } } as const;
export const currentUserResponse = {
  type: 'object',
  required: ['data', 'included'],
  properties: { data: userResource, included: { type: 'array', items: accountResourceSchema } },
} as const;
export const emptyResponse = { type: 'object', additionalProperties: false, properties: {} } as const;
