import { expect, it } from 'vitest';
import { ASSIGNMENTS_PATHS } from '../../plugins/assignments/common/assignments-contract';
import { WEBHOOKS_PATHS } from '../../plugins/webhooks/common/webhooks-contract';
import { describeOnBothDatabases } from '../support/test-app';
import { addToAccount, grantAccess } from './accounts-fixtures';
import { confirmedUser } from './auth-test-helpers';
import { newSubtitle, newVersion } from './subtitles-test-kit';

// @needs-plugins audit, webhooks (the log these events are named in, and the endpoints they are sent to).

/**
 * `assignments.assigned` and `assignments.unassigned` are published in the transaction of the
 * change: the audit log names each (the admin as actor, the language and assignee in its
 * changes), and a webhook subscribed to them gets a delivery of each.
 */
describeOnBothDatabases('Assignments in the audit log and webhooks', (ctx) => {
  it('an assignment and its removal: one audit entry and one webhook delivery each', async () => {
    const admin = await confirmedUser(ctx, { name: 'Alice', lastName: 'Admin' });
    const member = await confirmedUser(ctx, { name: 'Mo', lastName: 'Member' });
    await grantAccess(admin, [await addToAccount(admin, member)], [admin.workspaceId]);
    const version = await newVersion(ctx, admin, 'Harbour tour');
    const spanish = await newSubtitle(admin.client, version, 'es');
    const endpoint = await admin.client.post(WEBHOOKS_PATHS.endpoints, {
      workspaceId: admin.workspaceId,
      url: 'https://93.184.215.14/hooks/polycue',
      eventTypes: ['assignments.assigned', 'assignments.unassigned'],
    });
    expect(endpoint.status, endpoint.text).toBe(201);

    const assigned = await admin.client.put(ASSIGNMENTS_PATHS.role(spanish, 'reviewer'), {
      userId: member.userId,
      dueOn: '2030-01-15',
    });
    expect(assigned.status, assigned.text).toBe(200);
    expect((await admin.client.delete(ASSIGNMENTS_PATHS.role(spanish, 'reviewer'))).status).toBe(200);

    const log = await admin.client.get(`/api/v1/audit_entries?accountId=${admin.accountId}`);
    const entries = (log.body.data as { attributes: Record<string, any> }[])
      .map((entry) => entry.attributes)
      .filter((entry) => entry.action.startsWith('assignments.'));
    expect(entries.map((entry) => entry.action)).toEqual(['assignments.unassigned', 'assignments.assigned']);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actorEmail: admin.email,
        targetType: 'subtitle',
        targetId: spanish,
        workspaceId: admin.workspaceId,
      });
    expect(entries[1].changes).toEqual({
      after: { language: 'es', role: 'reviewer', userId: member.userId, dueOn: '2030-01-15' },
    });
    expect(entries[0].changes).toEqual({ before: { language: 'es', role: 'reviewer', userId: member.userId } });

    const { rows } = await ctx.db.query<{ type: string; body: string }>(
      'SELECT event_type AS type, body FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id',
      [endpoint.body.data.id],
    );
    expect(rows.map((row) => row.type)).toEqual(['assignments.assigned', 'assignments.unassigned']);
    expect(JSON.parse(rows[0].body).data).toMatchObject({
      subtitleId: spanish,
      projectVersionId: version,
      language: 'es',
      role: 'reviewer',
      userId: member.userId,
      previousUserId: null,
      workspaceId: admin.workspaceId,
    });
  });
});
