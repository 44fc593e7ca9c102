import { idString, resourceSchema } from '../../../server/plugin-api';
import { ASSIGNMENT_ROLES } from '../common/assignments-contract';

/** JSON schemas of the assignments routes: bad input is a 400 naming the field; answers carry only these attributes. */

const role = { type: 'string', enum: [...ASSIGNMENT_ROLES] } as const;

const assignmentAttributes = {
  subtitleId: { type: 'string' },
  role,
  userId: { type: 'string' },
  assigneeName: { type: 'string' },
  dueOn: { type: ['string', 'null'] },
} as const;
export const assignmentSchema = resourceSchema('assignment', assignmentAttributes);
const nullableAssignment = { ...assignmentSchema, type: ['object', 'null'] } as const;

export const versionAssignmentsResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: resourceSchema('languageAssignments', {
        language: { type: 'string' },
        kind: { type: 'string' },
        translator: nullableAssignment,
        reviewer: nullableAssignment,
      }),
    },
    meta: { type: 'object', properties: { canAssign: { type: 'boolean' } } },
  },
} as const;

export const assigneesResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: resourceSchema('assignee', {
        name: { type: 'string' },
        email: { type: 'string' },
        accountRole: { type: 'string' },
      }),
    },
  },
} as const;

export const myAssignmentsResponse = {
  type: 'object',
  properties: {
    data: {
      type: 'array',
      items: resourceSchema('myAssignment', {
        role,
        dueOn: { type: ['string', 'null'] },
        subtitleId: { type: 'string' },
        language: { type: 'string' },
        projectId: { type: 'string' },
        projectVersionId: { type: 'string' },
        title: { type: 'string' },
        cuesCount: { type: 'integer' },
        reviewedCount: { type: 'integer' },
        approvedCount: { type: 'integer' },
        editorUrl: { type: 'string' },
      }),
    },
  },
} as const;

export const workspaceQuery = {
  type: 'object',
  required: ['workspaceId'],
  additionalProperties: false,
  properties: { workspaceId: idString },
} as const;

export const versionParams = {
  type: 'object',
  required: ['projectVersionId'],
  properties: { projectVersionId: idString },
} as const;

export const roleParams = {
  type: 'object',
  required: ['subtitleId', 'role'],
  properties: { subtitleId: idString, role },
} as const;

export const assignBody = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: {
    userId: idString,
    // Checked in the handler (a real day, YYYY-MM-DD), so a wrong one gets the message people read.
    dueOn: { type: ['string', 'null'], maxLength: 10 },
  },
} as const;

export const unassignedResponse = {
  type: 'object',
  properties: { data: { type: 'object', properties: { id: { type: 'string' } } } },
} as const;
