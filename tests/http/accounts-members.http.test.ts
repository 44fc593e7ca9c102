import { describe, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../support/test-app';
import { PASSWORD, confirmedUser, signIn, signUp, uniqueEmail } from './auth-test-helpers';
import {
  accessRows,
  accountUserIdOf,
  accountsPath,
  addToAccount,
  createWorkspace,
  teamWithMember,
  workspaceNames,
} from './accounts-fixtures';

/** Account users: adding people by e-mail (and invitations), the members list, roles, removal. */
describeOnBothDatabases('accounts: members, roles and invitations', (ctx) => {
  describe('POST /api/v1/accounts/{id}/create_account_users', () => {
    it('adds an existing user; as admin they get account_admin access to every workspace', async () => {
      const admin = await confirmedUser(ctx);
      await createWorkspace(admin, 'Second');
      const member = await confirmedUser(ctx, { name: 'Mia', lastName: 'Member' });
      const otherAdmin = await confirmedUser(ctx);
      const res = await admin.client.post(accountsPath.createAccountUsers(admin.accountId), {
        emails: [member.email],
        role: 'member',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        {
          id: expect.any(String),
          type: 'account_user',
          attributes: {
            role: 'member',
            userId: member.userId,
            name: 'Mia Member',
            email: member.email,
            avatarUrl: null,
            workspaceUsers: [],
          },
        },
      ]);
      expect(res.body.included).toEqual([]);
      const memberAccounts = (await member.client.get('/api/v1/users/')).body.included.map((a: { id: string }) => a.id);
      expect(memberAccounts).toContain(admin.accountId);
      expect((await member.client.get(accountsPath.showWorkspaces(admin.accountId))).body.data).toEqual([]);

      const asAdmin = await admin.client.post(accountsPath.createAccountUsers(admin.accountId), {
        emails: [otherAdmin.email.toUpperCase()],
        role: 'admin',
      });
      expect(asAdmin.body.data[0].attributes.workspaceUsers.map((w: { accessType: string }) => w.accessType)).toEqual([
        'account_admin',
        'account_admin',
      ]);
      expect(workspaceNames((await otherAdmin.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'Second',
        'My workspace',
      ]);

      const again = await admin.client.post(accountsPath.createAccountUsers(admin.accountId), {
        emails: [member.email],
        role: 'admin',
      });
      expect(again.body).toMatchObject({ data: [], included: [], meta: { alreadyMembers: [member.email] } });
      const { rows } = await ctx.db.query<{ role: string }>(
        'SELECT role FROM account_users WHERE account_id = $1 AND user_id = $2',
        [admin.accountId, member.userId],
      );
      expect(rows).toEqual([{ role: 'member' }]);
    });

    it('invites an unknown address by mail; signing up with it joins the account with the role once the address is confirmed', async () => {
      const admin = await confirmedUser(ctx, { name: 'Alice' });
      await ctx.db.query('UPDATE accounts SET name = $2 WHERE id = $1', [admin.accountId, 'Acme Studio']);
      const email = uniqueEmail('invitee');
      const res = await admin.client.post(accountsPath.createAccountUsers(admin.accountId), {
        emails: [email],
        role: 'admin',
      });
      expect(res.status).toBe(200);
      expect(res.body.included).toEqual([
        { id: expect.any(String), type: 'account_invitation', attributes: { email, role: 'admin', pending: true } },
      ]);
      // Inviting again is idempotent: one pending invitation, a fresh mail.
      await admin.client.post(accountsPath.createAccountUsers(admin.accountId), { emails: [email], role: 'admin' });
      const { rows } = await ctx.db.query('SELECT 1 FROM account_invitations WHERE account_id = $1 AND email = $2', [
        admin.accountId,
        email,
      ]);
      expect(rows).toHaveLength(1);
      const list = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}`);
      expect(list.body.included.map((i: { attributes: { email: string } }) => i.attributes.email)).toEqual([email]);

      const mail = await ctx.waitForMail((m) => m.to.includes(email));
      expect(mail.subject).toBe('You are invited to Acme Studio on Polycue');
      expect(mail.text).toContain('Alice invited you to join "Acme Studio"');
      const link = new URL(mail.links.find((l) => new URL(l).pathname === '/users/sign_up')!);
      expect(link.searchParams.get('email')).toBe(email);

      const newcomer = ctx.client();
      expect((await newcomer.get(link.pathname + link.search, { headers: { accept: 'text/html' } })).status).toBe(200);
      expect((await signUp(newcomer, { email: email.toUpperCase(), name: 'Ivy' })).status).toBe(201);
      // Signed up but not confirmed: anyone could have typed the address, so no account yet.
      const unconfirmed = await newcomer.get('/api/v1/users/');
      expect(unconfirmed.body.included.map((account: { id: string }) => account.id)).not.toContain(admin.accountId);
      expect(JSON.stringify(unconfirmed.body)).not.toContain('Acme Studio');
      const pending = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}`);
      expect(pending.body.data.map((u: { attributes: { email: string } }) => u.attributes.email)).not.toContain(email);
      expect(pending.body.included.map((i: { attributes: { email: string } }) => i.attributes.email)).toEqual([email]);
      // The confirmation link proves the address: now the invitation is accepted.
      const confirmation = await ctx.waitForMail(
        (m) => m.to.includes(email) && m.links.some((l) => l.includes('confirmation_token=')),
      );
      const confirmLink = new URL(confirmation.links.find((l) => l.includes('confirmation_token='))!);
      expect((await newcomer.get(confirmLink.pathname + confirmLink.search)).status).toBe(302);
      const me = await newcomer.get('/api/v1/users/');
      expect(me.body.included).toContainEqual(
        expect.objectContaining({
          id: admin.accountId,
          attributes: expect.objectContaining({ role: 'admin', name: 'Acme Studio' }),
        }),
      );
      expect(workspaceNames((await newcomer.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'My workspace',
      ]);
      const after = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}`);
      expect(after.body.included).toEqual([]);
      expect(after.body.data.map((u: { attributes: { email: string } }) => u.attributes.email)).toContain(email);
    });

    it('refuses malformed addresses (400), members (403) and strangers (404)', async () => {
      const { admin, member } = await teamWithMember(ctx);
      const stranger = await confirmedUser(ctx);
      const path = accountsPath.createAccountUsers(admin.accountId);
      expect((await admin.client.post(path, { emails: ['not-an-address'], role: 'member' })).status).toBe(400);
      expect((await admin.client.post(path, { emails: [], role: 'member' })).status).toBe(400);
      expect((await admin.client.post(path, { emails: ['a@example.com'], role: 'owner' })).status).toBe(400);
      expect((await member.client.post(path, { emails: [uniqueEmail()], role: 'admin' })).body.message).toBe(
        'Only account admins can do this',
      );
      expect((await stranger.client.post(path, { emails: [uniqueEmail()], role: 'admin' })).status).toBe(404);
      const { rows } = await ctx.db.query('SELECT 1 FROM account_invitations WHERE account_id = $1', [admin.accountId]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('GET /api/v1/account_users', () => {
    it('pages by 25, searches by name and e-mail, and lists workspace access', async () => {
      const { admin, memberAccountUserId } = await teamWithMember(ctx);
      for (let i = 0; i < 26; i++) {
        const { rows } = await ctx.db.query<{ id: string }>(
          `INSERT INTO users (email, password_hash, name, last_name, confirmed_at) VALUES ($1, 'x', $2, 'Extra', now()) RETURNING id::text AS id`,
          [uniqueEmail(`extra${i}`), `Person${String(i).padStart(2, '0')}`],
        );
        await ctx.db.query(`INSERT INTO account_users (account_id, user_id, role) VALUES ($1, $2, 'member')`, [
          admin.accountId,
          rows[0].id,
        ]);
      }
      const first = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}`);
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(25);
      expect(first.body.meta).toEqual({ page: 1, perPage: 25, total: 28, hasMore: true });
      expect(first.body.data[0].attributes).toMatchObject({ role: 'admin', name: 'Alice Admin', email: admin.email });
      const member = first.body.data.find((u: { id: string }) => u.id === memberAccountUserId);
      expect(member.attributes.workspaceUsers).toEqual([
        {
          id: expect.any(String),
          accessType: 'member',
          accountUserId: memberAccountUserId,
          workspaceId: admin.workspaceId,
          workspaceName: 'My workspace',
        },
      ]);
      const second = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}&page=2`);
      expect(second.body.data).toHaveLength(3);
      expect(second.body.meta).toMatchObject({ page: 2, hasMore: false });
      const ids = new Set([...first.body.data, ...second.body.data].map((u: { id: string }) => u.id));
      expect(ids.size).toBe(28);

      const byName = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}&search=person1`);
      expect(byName.body.data.map((u: { attributes: { name: string } }) => u.attributes.name)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Person1${i} Extra`),
      );
      const byEmail = await admin.client.get(
        `${accountsPath.accountUsers}?accountId=${admin.accountId}&search=${encodeURIComponent(admin.email.toUpperCase())}`,
      );
      expect(byEmail.body.data.map((u: { id: string; attributes: { email: string } }) => u.attributes.email)).toEqual([
        admin.email,
      ]);
      const wildcard = await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}&search=%25`);
      expect(wildcard.body.data).toEqual([]);
      expect((await admin.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}&page=0`)).status).toBe(
        400,
      );
    });

    it("uses the last used account without accountId; a member sees only their workspaces' access; strangers get 404", async () => {
      const { admin, member } = await teamWithMember(ctx);
      const stranger = await confirmedUser(ctx);
      const defaulted = await admin.client.get(accountsPath.accountUsers);
      expect(defaulted.body.data.map((u: { attributes: { email: string } }) => u.attributes.email)).toEqual([
        admin.email,
        member.email,
      ]);

      const asMember = await member.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}`);
      expect(asMember.status).toBe(200);
      const adminRow = asMember.body.data.find(
        (u: { attributes: { email: string } }) => u.attributes.email === admin.email,
      );
      expect(adminRow.attributes.workspaceUsers.map((w: { workspaceId: string }) => w.workspaceId)).toEqual([
        admin.workspaceId,
      ]);
      expect(JSON.stringify(asMember.body)).not.toContain('"Second"');

      const foreign = await stranger.client.get(`${accountsPath.accountUsers}?accountId=${admin.accountId}`);
      expect(foreign.status).toBe(404);
      expect(JSON.stringify(foreign.body)).not.toContain(admin.email);
    });
  });

  describe('PUT /api/v1/account_users/{id}/change_role', () => {
    it('promotes and demotes; the change applies on the next request without a new log-in', async () => {
      const { admin, member, memberAccountUserId, secondWorkspaceId } = await teamWithMember(ctx);
      const rename = () => member.client.put(accountsPath.rename(admin.accountId), { name: 'Renamed by member' });
      expect((await rename()).status).toBe(403);

      const promoted = await admin.client.put(accountsPath.changeRole(memberAccountUserId), { role: 'admin' });
      expect(promoted.status).toBe(200);
      expect(promoted.body.data.attributes.role).toBe('admin');
      expect(await accessRows(ctx, memberAccountUserId)).toEqual(
        [admin.workspaceId, secondWorkspaceId]
          .sort((a, b) => Number(a) - Number(b))
          .map((workspaceId) => ({ workspaceId, accessType: 'account_admin' })),
      );
      expect((await rename()).status).toBe(200);
      expect(workspaceNames((await member.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'Second',
        'My workspace',
      ]);

      const demoted = await admin.client.put(accountsPath.changeRole(memberAccountUserId), { role: 'member' });
      expect(demoted.status).toBe(200);
      expect(await accessRows(ctx, memberAccountUserId)).toEqual([]);
      expect((await rename()).status).toBe(403);
      expect((await member.client.get(accountsPath.showWorkspaces(admin.accountId))).body.data).toEqual([]);
    });

    it('keeps the last admin, and is refused to members (403) and strangers (404)', async () => {
      const { admin, member, memberAccountUserId } = await teamWithMember(ctx);
      const stranger = await confirmedUser(ctx);
      const adminAccountUserId = await accountUserIdOf(ctx, admin.accountId, admin.userId);
      const last = await admin.client.put(accountsPath.changeRole(adminAccountUserId), { role: 'member' });
      expect(last.status).toBe(422);
      expect(last.body.message).toBe('The last admin of an account cannot be demoted');
      expect((await member.client.put(accountsPath.changeRole(memberAccountUserId), { role: 'admin' })).status).toBe(
        403,
      );
      const foreign = await stranger.client.put(accountsPath.changeRole(memberAccountUserId), { role: 'admin' });
      expect(foreign.status).toBe(404);
      expect(foreign.body.message).toBe('Account user not found');
      expect((await admin.client.put(accountsPath.changeRole(memberAccountUserId), { role: 'owner' })).status).toBe(
        400,
      );
      const strangerAccountUserId = await accountUserIdOf(ctx, stranger.accountId, stranger.userId);
      expect((await admin.client.put(accountsPath.changeRole(strangerAccountUserId), { role: 'member' })).status).toBe(
        404,
      );

      // With a second admin, the first may step down.
      await admin.client.put(accountsPath.changeRole(memberAccountUserId), { role: 'admin' });
      expect((await admin.client.put(accountsPath.changeRole(adminAccountUserId), { role: 'member' })).status).toBe(
        200,
      );
    });
  });

  describe('DELETE /api/v1/account_users/', () => {
    it('removes several at once, leaves ids of other accounts alone and keeps the last admin', async () => {
      const { admin, member, memberAccountUserId } = await teamWithMember(ctx);
      const third = await confirmedUser(ctx);
      const thirdId = await addToAccount(admin, third);
      const stranger = await confirmedUser(ctx);
      const strangerAccountUserId = await accountUserIdOf(ctx, stranger.accountId, stranger.userId);
      const adminAccountUserId = await accountUserIdOf(ctx, admin.accountId, admin.userId);

      const lastAdmin = await admin.client.delete(accountsPath.deleteAccountUsers, {
        accountId: admin.accountId,
        ids: [adminAccountUserId, thirdId],
      });
      expect(lastAdmin.status).toBe(422);
      expect(lastAdmin.body.message).toBe('The last admin of an account cannot be removed');
      expect((await admin.client.get(accountsPath.accountUsers)).body.meta.total).toBe(3);

      const res = await admin.client.delete(accountsPath.deleteAccountUsers, {
        accountId: admin.accountId,
        ids: [memberAccountUserId, thirdId, strangerAccountUserId],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.ids.sort()).toEqual([memberAccountUserId, thirdId].sort());
      expect((await member.client.get(accountsPath.showWorkspaces(admin.accountId))).status).toBe(404);
      expect((await stranger.client.get(accountsPath.showWorkspaces(stranger.accountId))).status).toBe(200);
      expect((await admin.client.get(accountsPath.accountUsers)).body.meta.total).toBe(1);
    });

    it('cancels invitations, is admin-only, and lets an admin leave when another admin stays', async () => {
      const { admin, member, memberAccountUserId } = await teamWithMember(ctx);
      const invited = await admin.client.post(accountsPath.createAccountUsers(admin.accountId), {
        emails: [uniqueEmail()],
        role: 'member',
      });
      const invitationId = invited.body.included[0].id;
      const byMember = await member.client.delete(accountsPath.deleteAccountUsers, {
        accountId: admin.accountId,
        ids: [memberAccountUserId],
      });
      expect(byMember.status).toBe(403);
      expect(
        (await admin.client.delete(accountsPath.deleteAccountUsers, { accountId: admin.accountId, ids: [] })).status,
      ).toBe(400);
      const cancelled = await admin.client.delete(accountsPath.deleteAccountUsers, {
        accountId: admin.accountId,
        ids: [],
        invitationIds: [invitationId],
      });
      expect(cancelled.body.data).toEqual({ ids: [], invitationIds: [invitationId] });

      await admin.client.put(accountsPath.changeRole(memberAccountUserId), { role: 'admin' });
      const adminAccountUserId = await accountUserIdOf(ctx, admin.accountId, admin.userId);
      const leave = await admin.client.delete(accountsPath.deleteAccountUsers, {
        accountId: admin.accountId,
        ids: [adminAccountUserId],
      });
      expect(leave.status).toBe(200);
      expect((await admin.client.get(accountsPath.showWorkspaces(admin.accountId))).status).toBe(404);
      // Logged in as before, the former admin still works in their other accounts.
      expect((await signIn(ctx.client(), admin.email, PASSWORD)).status).toBe(200);
    });
  });
});
