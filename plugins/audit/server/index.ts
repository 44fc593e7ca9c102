import { defineServerPlugin, PLUGIN_API_MAJOR } from '../../../server/plugin-api';
import { auditMigrations } from './audit-migrations';
import { auditSubscriptions } from './audit-recorder';
import { AuditRepository } from './audit-repository';
import { registerAuditRoutes } from './audit-routes';
import { AUDIT_ACCOUNT_DATA } from './account-data';
import { pruneAuditJob } from './audit-retention';

/**
 * The audit log (issue 27): who did what in an account, written from the domain events of
 * administrative and destructive actions in the transaction of the change (audited-events.ts),
 * append-only down to the database, read and exported by the account's admins.
 * Contract: plugins/audit/common/audit-contract.ts.
 */
export default defineServerPlugin({
  id: 'audit',
  accountData: AUDIT_ACCOUNT_DATA,
  apiVersion: PLUGIN_API_MAJOR,
  migrations: auditMigrations,
  subscriptions: auditSubscriptions,
  jobs: [pruneAuditJob],
  async routes(app) {
    registerAuditRoutes(app, new AuditRepository(app.db));
  },
});
