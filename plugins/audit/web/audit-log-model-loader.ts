import { defineLazyModel, TOKENS, type Container } from '../../../core';
import type { AuditLogModel } from './audit-log-model';

/** The audit log model, built the first time the page or a command needs it, then kept. */
export const auditLogModel = defineLazyModel<AuditLogModel>('audit', async () => {
  const { createAuditLogModel } = await import('./audit-log-model');
  return (c: Container) =>
    createAuditLogModel({ api: c.get(TOKENS.ApiClient), toast: c.get(TOKENS.ToastService), logger: console });
});
