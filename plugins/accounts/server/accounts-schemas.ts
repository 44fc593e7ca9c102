import { MAX_EMAILS_PER_INVITE, MAX_IDS_PER_CALL, NAME_MAX_LENGTH } from '../common/accounts-contract';
import { accountResourceSchema, resourceSchema } from '../../../server/plugin-api';
import { ID_PATTERN } from '../../../core/common/resource-id';

/** JSON schemas of the accounts calls: bad input is a 400 naming the field, before any SQL runs. */

/** Positive bigint as text. */
export const idString = { type: 'string', pattern: ID_PATTERN } as const;
const idList = { type: 'array', minItems: 1, maxItems: MAX_IDS_PER_CALL, items: idString } as const;
const role = { type: 'string', enum: ['admin', 'member', 'reviewer'] } as const;

export const paramsWith = (name: string) =>
  ({ type: 'object', required: [name], properties: { [name]: idString } }) as const;

export const nameBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: NAME_MAX_LENGTH } },
} as const;

export const createAccountUsersBody = {
  type: 'object',
  required: ['emails', 'role'],
  additionalProperties: false,
  properties: {
    emails: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_EMAILS_PER_INVITE,
      items: { type: 'string', format: 'email', maxLength: 254 },
    },
    role,
  },
} as const;

export const accountUsersQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    accountId: idString,
    search: { type: 'string', maxLength: 200, default: '' },
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  },
} as const;

export const deleteAccountUsersBody = {
  type: 'object',
  required: ['accountId', 'ids'],
  additionalProperties: false,
  properties: { accountId: idString, ids: { ...idList, minItems: 0 }, invitationIds: { ...idList, minItems: 0 } },
} as const;

export const changeRoleBody = {
  type: 'object',
  required: ['role'],
  additionalProperties: false,
  properties: { role },
} as const;

export const createWorkspaceUsersBody = {
  type: 'object',
  required: ['accountId', 'accountUserIds', 'workspaceIds'],
  additionalProperties: false,
  properties: { accountId: idString, accountUserIds: idList, workspaceIds: idList },
} as const;

export const deleteWorkspacesBody = {
  type: 'object',
  required: ['accountId', 'ids'],
  additionalProperties: false,
  properties: { accountId: idString, ids: idList },
} as const;

// --- responses (also strip anything a handler might add by mistake)

const workspaceUserAttributes = {
  accessType: { type: 'string' },
  accountUserId: { type: 'string' },
  workspaceId: { type: 'string' },
  workspaceName: { type: 'string' },
} as const;

export const workspaceResource = resourceSchema('workspace', {
  name: { type: 'string' },
  numberOfProjects: { type: 'integer' },
  accountId: { type: 'string' },
});

export const accountResource = accountResourceSchema;

export const workspaceUserResource = resourceSchema('workspace_user', workspaceUserAttributes);

export const accountUserResource = resourceSchema('account_user', {
  role: { type: 'string' },
  userId: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string' },
  avatarUrl: { type: ['string', 'null'] },
  workspaceUsers: {
    type: 'array',
    items: { type: 'object', properties: { id: { type: 'string' }, ...workspaceUserAttributes } },
  },
});

export const invitationResource = resourceSchema('account_invitation', {
  email: { type: 'string' },
  role: { type: 'string' },
  pending: { type: 'boolean' },
});

export const dataOf = (data: object) => ({ type: 'object', required: ['data'], properties: { data } }) as const;
export const listOf = (item: object) => dataOf({ type: 'array', items: item });
export const deletedIds = dataOf({
  type: 'object',
  properties: {
    ids: { type: 'array', items: { type: 'string' } },
    invitationIds: { type: 'array', items: { type: 'string' } },
  },
});
