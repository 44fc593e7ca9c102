import { defineDomainEvent } from '../../../core/common/domain-event';
import type { AssignmentRole } from './assignments-contract';

/**
 * Domain events the assignments plugin publishes (docs/plugins.md, "Domain events"), in the
 * transaction of the change, with the subtitle's workspace as tenant. The audit log names them;
 * webhooks may send them.
 */

/** A language was assigned (or reassigned: `previousUserId` is who had it, null when nobody). */
export const ASSIGNMENT_ASSIGNED = defineDomainEvent<{
  assignmentId: string;
  subtitleId: string;
  projectVersionId: string;
  language: string;
  role: AssignmentRole;
  userId: string;
  dueOn: string | null;
  previousUserId: string | null;
}>('assignments.assigned', 1);

/** A language's translator or reviewer was unassigned. */
export const ASSIGNMENT_UNASSIGNED = defineDomainEvent<{
  assignmentId: string;
  subtitleId: string;
  projectVersionId: string;
  language: string;
  role: AssignmentRole;
  userId: string;
}>('assignments.unassigned', 1);
