import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { AUDIT_PATHS, type AuditEntryResource } from '../../plugins/audit/common/audit-contract';
import { AUTH_PATHS } from '../../plugins/auth/common/auth-contract';
import { LABELS_PATHS } from '../../plugins/labels/common/labels-contract';
import { PROJECTS_PATHS } from '../../plugins/projects/common/projects-contract';
import { VOCABULARIES_PATHS } from '../../plugins/vocabularies/common/vocabularies-contract';
import { SSO_PATHS } from '../../plugins/sso/common/sso-contract';
import { describeOnBothDatabases, type TestAppContext } from '../support/test-app';
import { accountsPath, addToAccount, createWorkspace, grantAccess, type Person } from './accounts-fixtures';
import { confirmedUser, PASSWORD, signIn } from './auth-test-helpers';

/** The admin's log, newest first, as the page reads it. */
async function logOf(admin: Person, query: Record<string, string> = {}): Promise<AuditEntryResource[]> {
  const res = await admin.client.get(
    `${AUDIT_PATHS.entries}?${new URLSearchParams({ accountId: admin.accountId, ...query })}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The entries of one action: each audited action must leave exactly one. */
async function entriesOf(admin: Person, action: string) {
  return (await logOf(admin, { action })).map((entry) => entry.attributes);
}

async function countAll(ctx: TestAppContext): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries');
  return rows[0].n;
}

describeOnBothDatabases('audit log', (ctx) => {
  it('sign-in, failed sign-in and a password change: one entry each in every account of the user, with IP, browser and request id', async () => {
    const admin = await confirmedUser(ctx);
    const browser = ctx.client();
    const failed = await signIn(browser, admin.email, 'wrong password 123');
    expect(failed.status).toBe(401);
    const ok = await signIn(browser, admin.email);
    expect(ok.status).toBe(200);
    // An unknown address leaves nothing (no account to log it in, nothing to probe).
    expect((await signIn(ctx.client(), `nobody-${randomBytes(4).toString('hex')}@example.com`)).status).toBe(401);

    const [failure] = await entriesOf(admin, 'auth.signInFailed');
    expect(failure).toMatchObject({ actorUserId: null, targetType: 'user', targetId: admin.userId });
    const signIns = await entriesOf(admin, 'auth.signedIn');
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      actorUserId: admin.userId,
      actorEmail: admin.email,
      targetId: admin.userId,
      ip: expect.any(String),
      requestId: ok.headers['x-request-id'],
    });

    const changed = await admin.client.put(AUTH_PATHS.updateProfile, {
      user: { password: 'a new password 456', passwordConfirmation: 'a new password 456', currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    // A refused change (wrong current password) changes nothing and logs nothing.
    await admin.client.put(AUTH_PATHS.updateProfile, {
      user: { password: 'another one 789', passwordConfirmation: 'another one 789', currentPassword: 'wrong one' },
    });
    expect(await entriesOf(admin, 'auth.passwordChanged')).toEqual([
      expect.objectContaining({
        actorUserId: admin.userId,
        targetId: admin.userId,
        changes: { after: { by: 'settings' } },
      }),
    ]);
  });

  it('members, roles and workspace access: one entry each with the admin as actor and the member as target; a refused change leaves none', async () => {
    const admin = await confirmedUser(ctx);
    const member = await confirmedUser(ctx);
    const accountUserId = await addToAccount(admin, member);
    expect(await entriesOf(admin, 'accounts.memberAdded')).toEqual([
      expect.objectContaining({ actorUserId: admin.userId, targetType: 'user', targetId: member.userId }),
    ]);

    expect((await admin.client.put(accountsPath.changeRole(accountUserId), { role: 'admin' })).status).toBe(200);
    expect(await entriesOf(admin, 'accounts.memberRoleChanged')).toEqual([
      expect.objectContaining({
        actorUserId: admin.userId,
        targetId: member.userId,
        changes: { before: { role: 'member' }, after: { role: 'admin' } },
      }),
    ]);
    // The last admin cannot demote themself once the other is demoted: rolled back, no entry.
    expect((await admin.client.put(accountsPath.changeRole(accountUserId), { role: 'member' })).status).toBe(200);
    const ownAccountUserId = (
      await ctx.db.query<{ id: string }>(
        'SELECT id::text AS id FROM account_users WHERE account_id = $1 AND user_id = $2',
        [admin.accountId, admin.userId],
      )
    ).rows[0].id;
    expect((await admin.client.put(accountsPath.changeRole(ownAccountUserId), { role: 'member' })).status).toBe(422);
    expect(await entriesOf(admin, 'accounts.memberRoleChanged')).toHaveLength(2);

    const workspaceId = await createWorkspace(admin, 'Audited');
    const [granted] = await grantAccess(admin, [accountUserId], [workspaceId]);
    expect(await entriesOf(admin, 'accounts.workspaceAccessGranted')).toEqual([
      expect.objectContaining({ actorUserId: admin.userId, targetType: 'workspaceUser', targetId: granted.id }),
    ]);
    expect((await admin.client.delete(accountsPath.deleteWorkspaceUser(granted.id))).status).toBe(200);
    expect(await entriesOf(admin, 'accounts.workspaceAccessRemoved')).toEqual([
      expect.objectContaining({ actorUserId: admin.userId, targetId: granted.id, workspaceId }),
    ]);
    expect(
      (await admin.client.delete(accountsPath.deleteWorkspaces, { accountId: admin.accountId, ids: [workspaceId] }))
        .status,
    ).toBe(200);
    expect(await entriesOf(admin, 'accounts.workspacesDeleted')).toEqual([
      expect.objectContaining({ actorUserId: admin.userId, targetType: 'workspace', targetId: workspaceId }),
    ]);

    expect(
      (await admin.client.delete(accountsPath.deleteAccountUsers, { accountId: admin.accountId, ids: [accountUserId] }))
        .status,
    ).toBe(200);
    expect(await entriesOf(admin, 'accounts.memberRemoved')).toEqual([
      expect.objectContaining({ actorUserId: admin.userId, targetId: member.userId }),
    ]);
  });

  it('SSO settings saved and removed, and deleted projects: one entry each with before/after and the target', async () => {
    const admin = await confirmedUser(ctx);
    const settings = {
      accountId: admin.accountId,
      issuer: 'https://idp.audit.example',
      clientId: 'client-1',
      clientSecret: 'secret-1',
      domains: [`audit-${randomBytes(4).toString('hex')}.example`],
      defaultRole: 'member',
      requireSso: false,
    };
    expect((await admin.client.put(SSO_PATHS.settings, settings)).status).toBe(200);
    expect((await admin.client.delete(SSO_PATHS.settings, { accountId: admin.accountId })).status).toBe(200);
    const sso = await entriesOf(admin, 'sso.settingsChanged');
    expect(sso).toHaveLength(2);
    // Newest first: the removal, then the save. The secret itself is never logged.
    expect(sso[0].changes).toEqual({ before: expect.objectContaining({ clientId: 'client-1' }) });
    expect(sso[1].changes).toEqual({
      after: expect.objectContaining({ issuer: 'https://idp.audit.example', requireSso: false, secretReplaced: true }),
    });
    expect(JSON.stringify(sso)).not.toContain('secret-1');

    const created = await admin.client.post(PROJECTS_PATHS.projects, { workspaceId: admin.workspaceId, title: 'Gone' });
    const versionId: string = created.body.data[0].id;
    const deleted = await admin.client.delete(PROJECTS_PATHS.deleteProjectVersions, {
      workspaceId: admin.workspaceId,
      projectVersionIds: [versionId],
    });
    expect(deleted.status).toBe(200);
    expect(await entriesOf(admin, 'projects.versionsDeleted')).toEqual([
      expect.objectContaining({
        actorUserId: admin.userId,
        workspaceId: admin.workspaceId,
        targetType: 'projectVersion',
        targetId: versionId,
      }),
    ]);
  });

  it('deleted labels and vocabulary lists (resources): one entry each with the workspace and the target; a second delete (404) adds none', async () => {
    const admin = await confirmedUser(ctx);
    const label = await admin.client.post(LABELS_PATHS.labels, { workspaceId: admin.workspaceId, caption: 'Draft' });
    expect(label.status, JSON.stringify(label.body)).toBe(201);
    const labelId: string = label.body.data.id;
    expect((await admin.client.delete(LABELS_PATHS.label(labelId))).status).toBe(200);
    expect((await admin.client.delete(LABELS_PATHS.label(labelId))).status).toBe(404);
    const list = await admin.client.post(VOCABULARIES_PATHS.vocabularies, {
      workspaceId: admin.workspaceId,
      name: 'Brands',
    });
    expect(list.status, JSON.stringify(list.body)).toBe(201);
    const listId: string = list.body.data.id;
    expect((await admin.client.delete(VOCABULARIES_PATHS.vocabulary(listId))).status).toBe(200);
    expect((await admin.client.delete(VOCABULARIES_PATHS.vocabulary(listId))).status).toBe(404);
    expect(await entriesOf(admin, 'labels.deleted')).toEqual([
      expect.objectContaining({
        actorUserId: admin.userId,
        workspaceId: admin.workspaceId,
        targetType: 'label',
        targetId: labelId,
      }),
    ]);
    expect(await entriesOf(admin, 'vocabularies.deleted')).toEqual([
      expect.objectContaining({
        actorUserId: admin.userId,
        workspaceId: admin.workspaceId,
        targetType: 'vocabulary',
        targetId: listId,
      }),
    ]);
  });

  it('append-only: the database refuses UPDATE, DELETE and TRUNCATE of an entry, and no route changes one', async () => {
    const admin = await confirmedUser(ctx);
    expect((await signIn(ctx.client(), admin.email)).status).toBe(200);
    const [entry] = await logOf(admin);
    const before = await countAll(ctx);
    await expect(ctx.db.query("UPDATE audit_entries SET action = 'nothing' WHERE id = $1", [entry.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(ctx.db.query('DELETE FROM audit_entries WHERE id = $1', [entry.id])).rejects.toThrow(/append-only/);
    await expect(ctx.db.query('TRUNCATE audit_entries')).rejects.toThrow(/append-only/);
    expect(await countAll(ctx)).toBe(before);
    for (const method of ['put', 'patch', 'delete'] as const) {
      const res = await admin.client[method](`${AUDIT_PATHS.entries}/${entry.id}`, { accountId: admin.accountId });
      expect(res.status).toBe(404);
    }
    expect((await logOf(admin)).find((e) => e.id === entry.id)?.attributes.action).toBe('auth.signedIn');
  });

  it('only the account admin reads it: a member gets 403, another account 404; filters by actor, action and date; pages by id; CSV and JSON export', async () => {
    const admin = await confirmedUser(ctx);
    const member = await confirmedUser(ctx);
    const stranger = await confirmedUser(ctx);
    await addToAccount(admin, member);
    const query = () => `${AUDIT_PATHS.entries}?accountId=${admin.accountId}`;
    expect((await member.client.get(query())).status).toBe(403);
    expect((await stranger.client.get(query())).status).toBe(404);

    for (let i = 0; i < 3; i++) expect((await signIn(ctx.client(), member.email)).status).toBe(200);
    expect((await signIn(ctx.client(), admin.email)).status).toBe(200);
    const byMember = await logOf(admin, { actor: member.email.toUpperCase() });
    expect(byMember.map((e) => e.attributes.action)).toEqual(['auth.signedIn', 'auth.signedIn', 'auth.signedIn']);
    const today = new Date().toISOString().slice(0, 10);
    expect(await logOf(admin, { from: today, to: today })).toHaveLength(5);
    expect(await logOf(admin, { to: '2000-01-01' })).toHaveLength(0);
    const bad = await admin.client.get(`${AUDIT_PATHS.entries}?accountId=${admin.accountId}&from=2026-02-30`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Dates are YYYY-MM-DD.');

    const first = await admin.client.get(`${AUDIT_PATHS.entries}?accountId=${admin.accountId}&limit=2`);
    expect(first.body.meta.hasMore).toBe(true);
    const rest = await logOf(admin, { before: first.body.data[1].id });
    expect([...first.body.data, ...rest].map((e: AuditEntryResource) => e.id)).toEqual(
      (await logOf(admin)).map((e) => e.id),
    );

    const csv = await admin.client.get(
      `${AUDIT_PATHS.export}?accountId=${admin.accountId}&format=csv&actor=${member.email}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d+-[\d-]+\.csv"/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,occurredAt,action,actorUserId,actorEmail,workspaceId,targetType,targetId,changes,ip,userAgent,requestId',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(member.email);
    const json = await admin.client.get(`${AUDIT_PATHS.export}?accountId=${admin.accountId}&format=json`);
    expect(JSON.parse(json.text).data).toHaveLength(5);
    expect((await member.client.get(`${AUDIT_PATHS.export}?accountId=${admin.accountId}&format=json`)).status).toBe(
      403,
    );
  });
});
