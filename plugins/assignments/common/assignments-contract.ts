import type { Resource } from '../../../core/common/session-types';

/**
 * Who does what (issue #25): a language (a subtitle) of a project version is assigned to a member
 * of its workspace as its translator or its reviewer, one of each at most, with an optional due
 * date. Who may assign: account admins and members (the people who edit); reviewers may not
 * (403), nor be a language's translator (they never change text: docs/roles.md).
 * An assignment is open until every cue of its language is approved; then it leaves
 * "My assignments" (it stays on the version page until someone unassigns it).
 */
export const ASSIGNMENT_ROLES = ['translator', 'reviewer'] as const;
export type AssignmentRole = (typeof ASSIGNMENT_ROLES)[number];

export const ROLE_LABELS: Record<AssignmentRole, string> = { translator: 'Translator', reviewer: 'Reviewer' };

/** The page: the caller's open assignments in the current workspace. */
export const MY_ASSIGNMENTS_PAGE = '/assignments';

export const ASSIGNMENTS_PATHS = {
  /** GET -> VersionAssignmentsResponse: each language of the version with its translator and reviewer. */
  ofVersion: (projectVersionId: string) => `/api/v1/project_versions/${projectVersionId}/assignments`,
  /** PUT AssignRequest -> { data: AssignmentResource } (assign or reassign); DELETE -> { data: { id } } (unassign). */
  role: (subtitleId: string, role: AssignmentRole) => `/api/v1/subtitles/${subtitleId}/assignments/${role}`,
  /** GET ?workspaceId -> AssigneesResponse: the people who may be assigned in the workspace. */
  assignees: '/api/v1/assignees',
  /** GET ?workspaceId -> MyAssignmentsResponse: the caller's open assignments, soonest due first. */
  mine: '/api/v1/assignments/mine',
} as const;

export interface AssignRequest {
  userId: string;
  /** YYYY-MM-DD, or null for none. */
  dueOn?: string | null;
}

export interface AssignmentAttributes {
  subtitleId: string;
  role: AssignmentRole;
  userId: string;
  /** The assignee's full name (their e-mail when they gave none). */
  assigneeName: string;
  dueOn: string | null;
}
export type AssignmentResource = Resource<'assignment', AssignmentAttributes>;

/** One language of a version and who does it. */
export interface LanguageAssignmentsAttributes {
  language: string;
  kind: 'transcript' | 'translation';
  translator: AssignmentResource | null;
  reviewer: AssignmentResource | null;
}
export type LanguageAssignmentsResource = Resource<'languageAssignments', LanguageAssignmentsAttributes>;

export interface VersionAssignmentsResponse {
  data: LanguageAssignmentsResource[];
  /** Whether the caller may assign (false for reviewers). */
  meta: { canAssign: boolean };
}

export interface AssigneeAttributes {
  name: string;
  email: string;
  /** Their role in the account: a reviewer may only review. */
  accountRole: 'admin' | 'member' | 'reviewer';
}
export type AssigneeResource = Resource<'assignee', AssigneeAttributes>;
export interface AssigneesResponse {
  data: AssigneeResource[];
}

export interface MyAssignmentAttributes {
  role: AssignmentRole;
  dueOn: string | null;
  subtitleId: string;
  language: string;
  projectId: string;
  projectVersionId: string;
  title: string;
  /** The language's review progress, the counts the version page shows. */
  cuesCount: number;
  reviewedCount: number;
  approvedCount: number;
  /** The subtitle's page: the editor. */
  editorUrl: string;
}
export type MyAssignmentResource = Resource<'myAssignment', MyAssignmentAttributes>;
export interface MyAssignmentsResponse {
  data: MyAssignmentResource[];
}

/** Toasts (ours; the spec has no assignments). */
export const ASSIGNMENTS_MESSAGES = {
  assigned: (role: AssignmentRole, name: string) => `${name} is now the ${role}`,
  notAssigned: 'Could not assign',
  unassigned: (role: AssignmentRole) => `No ${role} any more`,
  notUnassigned: 'Could not unassign',
  notLoaded: 'Assignments could not be loaded',
} as const;

/** What the server says (ours). */
export const ASSIGNMENTS_SERVER_MESSAGES = {
  notMember: 'Only members of this workspace can be assigned',
  reviewerCannotTranslate: 'A reviewer cannot be the translator: reviewers do not change text',
  reviewersCannotAssign: 'Reviewers cannot assign work: ask a member or an admin of the account',
  badDueDate: 'The due date must be a date, as YYYY-MM-DD',
  nothingToUnassign: (role: AssignmentRole) => `This language has no ${role}`,
} as const;
