import { defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { ASSIGNMENTS_ACCOUNT_DATA } from './account-data';
import { registerAssignmentRoutes } from './assignment-routes';
import { assignmentsMigrations } from './assignments-migrations';

/**
 * Who does what (issue #25): a language of a project version assigned to a member of its
 * workspace as translator or reviewer, "My assignments", a mail to the assignee, and the domain
 * events `assignments.assigned` / `assignments.unassigned` (audit log, webhooks). Optional: it
 * reads the kernel's subtitles and versions through their documented tables and tenant kinds.
 * Contract: plugins/assignments/common/assignments-contract.ts.
 */
export default defineServerPlugin({
  id: 'assignments',
  apiVersion: PLUGIN_API_MAJOR,
  migrations: assignmentsMigrations,
  accountData: ASSIGNMENTS_ACCOUNT_DATA,
  async routes(app) {
    registerAssignmentRoutes(app);
  },
});
