import { expect, it } from 'vitest';
import { MEDIA_RETENTION_PATH } from '../../plugins/projects/common/media-retention';
import { describeOnBothDatabases } from '../support/test-app';
import { confirmedUser } from './auth-test-helpers';

// @needs-plugins audit (the log this event is named in): scripts/check-plugin-removal.mjs leaves this file out without it.

/** Turning media retention on, changing it and off: one entry each, the admin as actor, the workspace as target. */
describeOnBothDatabases('Media retention in the audit log', (ctx) => {
  it('each change of the setting leaves one entry with the days before and after; saving the same leaves none', async () => {
    const admin = await confirmedUser(ctx);
    const path = MEDIA_RETENTION_PATH(admin.workspaceId);
    for (const days of [90, 90, 365, null]) expect((await admin.client.put(path, { days })).status).toBe(200);

    const log = await admin.client.get(`/api/v1/audit_entries?accountId=${admin.accountId}`);
    expect(log.status).toBe(200);
    const entries = (log.body.data as { attributes: Record<string, any> }[])
      .map((entry) => entry.attributes)
      .filter((entry) => entry.action === 'projects.retentionChanged');
    expect(entries.map((entry) => entry.changes)).toEqual([
      { before: { days: 365 }, after: { days: null } },
      { before: { days: 90 }, after: { days: 365 } },
      { before: { days: null }, after: { days: 90 } },
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorEmail: admin.email,
        targetType: 'workspace',
        targetId: admin.workspaceId,
        workspaceId: admin.workspaceId,
      });
  });
});
