import { expect, it } from 'vitest';
import { WEBHOOKS_PATHS } from '../../plugins/webhooks/common/webhooks-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { confirmedUser } from './auth-test-helpers';

// @needs-plugins audit (the log these events are named in): scripts/check-plugin-removal.mjs leaves this file out without it.

/**
 * The webhooks plugin publishes endpointCreated, endpointDeleted and endpointDisabled; the audit
 * log names each, with the admin as actor and the URL in its changes. (Turned off after failures,
 * with no actor: tests/http/webhooks.http.test.ts drives that path; its entry is described the same way.)
 */
describeOnBothDatabases('Webhooks in the audit log', (ctx) => {
  it('an added, turned-off and deleted webhook: one entry each, with the admin as actor and the URL', async () => {
    const admin = await confirmedUser(ctx);
    const url = 'https://93.184.215.14/hooks/polycue';
    const created = await admin.client.post(WEBHOOKS_PATHS.endpoints, {
      workspaceId: admin.workspaceId,
      url,
      eventTypes: ['pipeline.processingFinished'],
    });
    expect(created.status, created.text).toBe(201);
    const id: string = created.body.data.id;
    expect((await admin.client.patch(WEBHOOKS_PATHS.endpoint(id), { enabled: false })).status).toBe(200);
    expect((await admin.client.delete(WEBHOOKS_PATHS.endpoint(id))).status).toBe(200);

    const log = await admin.client.get(`/api/v1/audit_entries?accountId=${admin.accountId}`);
    expect(log.status).toBe(200);
    const entries = (log.body.data as { attributes: Record<string, any> }[])
      .map((entry) => entry.attributes)
      .filter((entry) => entry.action.startsWith('webhooks.'));
    expect(entries.map((entry) => entry.action)).toEqual([
      'webhooks.endpointDeleted',
      'webhooks.endpointDisabled',
      'webhooks.endpointCreated',
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorEmail: admin.email,
        targetType: 'webhookEndpoint',
        targetId: id,
        workspaceId: admin.workspaceId,
      });
    expect(entries[2].changes).toEqual({ after: { url, eventTypes: ['pipeline.processingFinished'] } });
    expect(entries[1].changes).toEqual({ after: { enabled: false, by: 'admin' } });
    expect(JSON.stringify(entries)).not.toContain('whsec_');
  });
});
