import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../support/test-app';
import { confirmedUser, signUp, uniqueEmail } from './auth-test-helpers';

/** GET /api/v1/accounts/:accountId/show_workspaces: the tenancy rules as the app sees them. */
describeOnBothDatabases('accounts: show_workspaces', (ctx) => {
  const path = (accountId: string) => `/api/v1/accounts/${accountId}/show_workspaces`;

  it('lists every workspace of the account to its admin, newest first', async () => {
    const owner = await confirmedUser(ctx);
    await ctx.db.query(
      `INSERT INTO workspaces (account_id, name, created_at) VALUES ($1, 'Later', now() + interval '1 minute')`,
      [owner.accountId],
    );
    const res = await owner.client.get(path(owner.accountId));
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { attributes: { name: string } }) => w.attributes.name)).toEqual([
      'Later',
      'My workspace',
    ]);
    expect(res.body.data[1]).toEqual({
      id: owner.workspaceId,
      type: 'workspace',
      attributes: { name: 'My workspace', numberOfProjects: 0, accountId: owner.accountId },
    });
  });

  it('lists to a member only the workspaces granted to them', async () => {
    const owner = await confirmedUser(ctx);
    const member = await confirmedUser(ctx);
    const extra = await ctx.db.query<{ id: string }>(
      `INSERT INTO workspaces (account_id, name) VALUES ($1, 'Shared') RETURNING id::text AS id`,
      [owner.accountId],
    );
    const accountUser = await ctx.db.query<{ id: string }>(
      `INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'member') RETURNING id::text AS id`,
      [owner.accountId, member.userId],
    );
    expect((await member.client.get(path(owner.accountId))).body.data).toEqual([]);

    await ctx.db.query('INSERT INTO workspace_users (workspace_id, account_user_id) VALUES ($1, $2)', [
      extra.rows[0].id,
      accountUser.rows[0].id,
    ]);
    const res = await member.client.get(path(owner.accountId));
    expect(res.status).toBe(200);
    expect(res.body.data.map((w: { id: string }) => w.id)).toEqual([extra.rows[0].id]);
  });

  it("answers 404 for another tenant's account and for unknown ids", async () => {
    const owner = await confirmedUser(ctx);
    const stranger = await confirmedUser(ctx);
    const res = await stranger.client.get(path(owner.accountId));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Account not found');
    expect(JSON.stringify(res.body)).not.toContain('My workspace');
    expect((await stranger.client.get(path('99999999999'))).status).toBe(404);
  });

  it('needs a confirmed log-in and a well-formed id', async () => {
    const owner = await confirmedUser(ctx);
    expect((await ctx.client().get(path(owner.accountId))).status).toBe(401);
    const unconfirmed = ctx.client();
    await signUp(unconfirmed, { email: uniqueEmail() });
    const me = await unconfirmed.get('/api/v1/users/');
    expect((await unconfirmed.get(path(me.body.included[0].id))).status).toBe(403);
    expect((await owner.client.get(path('abc'))).status).toBe(400);
    expect((await owner.client.get(path('1' + '0'.repeat(30)))).status).toBe(400);
  });
});
