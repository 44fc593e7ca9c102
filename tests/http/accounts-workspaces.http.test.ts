import { describe, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../support/test-app';
import { confirmedUser, tinyPng } from './auth-test-helpers';
import {
  accessRows,
  accountUserIdOf,
  accountsPath,
  addToAccount,
  createWorkspace,
  grantAccess,
  teamWithMember,
  workspaceNames,
} from './accounts-fixtures';

/** The account itself and its workspaces: rename, avatar, create, rename, delete, and who may. */
describeOnBothDatabases('accounts: account settings and workspaces', (ctx) => {
  describe('PUT /api/v1/accounts/{id}/rename', () => {
    it('renames for an admin (trimmed) and the new name is what the user sees', async () => {
      const admin = await confirmedUser(ctx);
      const res = await admin.client.put(accountsPath.rename(admin.accountId), { name: '  Acme Studio  ' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: admin.accountId,
        type: 'account',
        attributes: { name: 'Acme Studio', role: 'admin' },
      });
      const me = await admin.client.get('/api/v1/users/');
      expect(me.body.included[0].attributes.name).toBe('Acme Studio');
    });

    it('refuses a blank name (422), a missing one (400), a member (403) and a stranger (404)', async () => {
      const { admin, member } = await teamWithMember(ctx);
      const stranger = await confirmedUser(ctx);
      const blank = await admin.client.put(accountsPath.rename(admin.accountId), { name: '   ' });
      expect(blank.status).toBe(422);
      expect(blank.body).toMatchObject({ message: "Name can't be blank", field: 'name' });
      expect((await admin.client.put(accountsPath.rename(admin.accountId), {})).status).toBe(400);
      expect((await admin.client.put(accountsPath.rename(admin.accountId), { name: 'x'.repeat(101) })).status).toBe(
        400,
      );

      const byMember = await member.client.put(accountsPath.rename(admin.accountId), { name: 'Taken over' });
      expect(byMember.status).toBe(403);
      expect(byMember.body.message).toBe('Only account admins can do this');
      const byStranger = await stranger.client.put(accountsPath.rename(admin.accountId), { name: 'Taken over' });
      expect(byStranger.status).toBe(404);
      expect(byStranger.body.message).toBe('Account not found');
      const { rows } = await ctx.db.query<{ name: string }>('SELECT name FROM accounts WHERE id = $1', [
        admin.accountId,
      ]);
      expect(rows[0].name).not.toBe('Taken over');
    });
  });

  describe('POST /api/v1/accounts/{id}/change_avatar', () => {
    it('stores a picture for an admin and refuses a file that is not one', async () => {
      const { admin, member } = await teamWithMember(ctx);
      const upload = (client = admin.client, content: Buffer | string = tinyPng()) =>
        client.postMultipart(accountsPath.changeAvatar(admin.accountId), {
          files: [{ field: 'avatar', filename: 'logo.png', contentType: 'image/png', content }],
        });
      const res = await upload();
      expect(res.status).toBe(200);
      const url: string = res.body.data.attributes.avatarUrl;
      expect(url).toMatch(/^\/files\/avatars\/accounts\/.+\.png$/);
      const file = await admin.client.get(url);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');

      const fake = await upload(admin.client, 'not really a png');
      expect(fake.status).toBe(422);
      expect(fake.body.message).toBe('Image must be a PNG, JPEG, WebP or GIF file');
      expect((await admin.client.post(accountsPath.changeAvatar(admin.accountId), { avatar: 'x' })).status).toBe(400);
      const byMember = await upload(member.client);
      expect(byMember.status).toBe(403);
      expect((await admin.client.get('/api/v1/users/')).body.included[0].attributes.avatarUrl).toBe(url);
    });
  });

  describe('POST /api/v1/accounts/{id}/create_workspace', () => {
    it('adds the workspace first and gives every admin account_admin access to it', async () => {
      const admin = await confirmedUser(ctx);
      const secondAdmin = await confirmedUser(ctx);
      const secondAdminAccountUserId = await addToAccount(admin, secondAdmin, 'admin');
      const res = await admin.client.post(accountsPath.createWorkspace(admin.accountId), { name: ' Dubbing ' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        type: 'workspace',
        attributes: { name: 'Dubbing', numberOfProjects: 0, accountId: admin.accountId },
      });
      const newId: string = res.body.data.id;

      expect(workspaceNames((await admin.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'Dubbing',
        'My workspace',
      ]);
      expect(workspaceNames((await secondAdmin.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual(
        ['Dubbing', 'My workspace'],
      );
      for (const accountUserId of [
        await accountUserIdOf(ctx, admin.accountId, admin.userId),
        secondAdminAccountUserId,
      ]) {
        expect(await accessRows(ctx, accountUserId)).toContainEqual({
          workspaceId: newId,
          accessType: 'account_admin',
        });
      }
    });

    it('is admin-only; a member does not see workspaces they were not given', async () => {
      const { admin, member } = await teamWithMember(ctx);
      const byMember = await member.client.post(accountsPath.createWorkspace(admin.accountId), { name: 'Mine' });
      expect(byMember.status).toBe(403);
      expect(byMember.body.message).toBe('Only account admins can do this');
      await createWorkspace(admin, 'Secret');
      expect(workspaceNames((await member.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'My workspace',
      ]);
    });
  });

  describe('PUT /api/v1/workspaces/{id}/rename', () => {
    it('renames for an admin; 403 for a member who sees it, 404 for one who does not and for strangers', async () => {
      const { admin, member, secondWorkspaceId } = await teamWithMember(ctx);
      const stranger = await confirmedUser(ctx);
      const res = await admin.client.put(accountsPath.renameWorkspace(admin.workspaceId), { name: 'Subtitles' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: admin.workspaceId, attributes: { name: 'Subtitles' } });

      const visible = await member.client.put(accountsPath.renameWorkspace(admin.workspaceId), { name: 'Nope' });
      expect(visible.status).toBe(403);
      expect(visible.body.message).toBe('Only account admins can do this');
      const hidden = await member.client.put(accountsPath.renameWorkspace(secondWorkspaceId), { name: 'Nope' });
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe('Workspace not found');
      expect(
        (await stranger.client.put(accountsPath.renameWorkspace(admin.workspaceId), { name: 'Nope' })).status,
      ).toBe(404);
      expect((await admin.client.put(accountsPath.renameWorkspace(admin.workspaceId), { name: ' ' })).status).toBe(422);
      expect(workspaceNames((await admin.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'Second',
        'Subtitles',
      ]);
    });
  });

  describe('DELETE /api/v1/workspaces/', () => {
    it('deletes several at once, ignores ids of other accounts, and keeps the last workspace', async () => {
      const admin = await confirmedUser(ctx);
      const stranger = await confirmedUser(ctx);
      const a = await createWorkspace(admin, 'A');
      const b = await createWorkspace(admin, 'B');
      const res = await admin.client.delete(accountsPath.deleteWorkspaces, {
        accountId: admin.accountId,
        ids: [a, b, stranger.workspaceId],
      });
      expect(res.status).toBe(200);
      expect(res.body.data.ids.sort()).toEqual([a, b].sort());
      expect(workspaceNames((await admin.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'My workspace',
      ]);
      expect(workspaceNames((await stranger.client.get(accountsPath.showWorkspaces(stranger.accountId))).body)).toEqual(
        ['My workspace'],
      );

      const last = await admin.client.delete(accountsPath.deleteWorkspaces, {
        accountId: admin.accountId,
        ids: [admin.workspaceId],
      });
      expect(last.status).toBe(422);
      expect(last.body.message).toBe('An account keeps at least one workspace: the last one cannot be deleted');
      expect(workspaceNames((await admin.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'My workspace',
      ]);
    });

    it('is admin-only and answers 404 for an account the caller is not in', async () => {
      const { admin, member, secondWorkspaceId } = await teamWithMember(ctx);
      const stranger = await confirmedUser(ctx);
      const body = { accountId: admin.accountId, ids: [secondWorkspaceId] };
      expect((await member.client.delete(accountsPath.deleteWorkspaces, body)).status).toBe(403);
      expect((await stranger.client.delete(accountsPath.deleteWorkspaces, body)).status).toBe(404);
      expect(
        (await admin.client.delete(accountsPath.deleteWorkspaces, { accountId: admin.accountId, ids: [] })).status,
      ).toBe(400);
      expect(
        (await admin.client.delete(accountsPath.deleteWorkspaces, { accountId: admin.accountId, ids: ['x'] })).status,
      ).toBe(400);
      expect(workspaceNames((await admin.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toHaveLength(
        2,
      );
    });
  });

  describe('workspace access', () => {
    it('grants access idempotently (foreign ids ignored) and removes it again', async () => {
      const { admin, member, memberAccountUserId, secondWorkspaceId } = await teamWithMember(ctx);
      const stranger = await confirmedUser(ctx);
      const strangerAccountUserId = await accountUserIdOf(ctx, stranger.accountId, stranger.userId);
      const granted = await grantAccess(
        admin,
        [memberAccountUserId, strangerAccountUserId],
        [secondWorkspaceId, stranger.workspaceId],
      );
      expect(granted.map((g) => g.attributes)).toEqual([
        {
          accessType: 'member',
          accountUserId: memberAccountUserId,
          workspaceId: secondWorkspaceId,
          workspaceName: 'Second',
        },
      ]);
      const again = await grantAccess(admin, [memberAccountUserId], [secondWorkspaceId, admin.workspaceId]);
      expect(again).toHaveLength(2);
      expect(await accessRows(ctx, memberAccountUserId)).toHaveLength(2);
      expect(await accessRows(ctx, strangerAccountUserId)).toEqual([
        { workspaceId: stranger.workspaceId, accessType: 'account_admin' },
      ]);
      expect(workspaceNames((await member.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'Second',
        'My workspace',
      ]);

      const workspaceUserId = granted[0].id;
      expect((await member.client.delete(accountsPath.deleteWorkspaceUser(workspaceUserId))).status).toBe(403);
      expect((await stranger.client.delete(accountsPath.deleteWorkspaceUser(workspaceUserId))).status).toBe(404);
      const removed = await admin.client.delete(accountsPath.deleteWorkspaceUser(workspaceUserId));
      expect(removed.status).toBe(200);
      expect(removed.body.data).toMatchObject({
        id: workspaceUserId,
        type: 'workspace_user',
        attributes: { workspaceId: secondWorkspaceId },
      });
      expect(workspaceNames((await member.client.get(accountsPath.showWorkspaces(admin.accountId))).body)).toEqual([
        'My workspace',
      ]);
      expect((await admin.client.delete(accountsPath.deleteWorkspaceUser(workspaceUserId))).status).toBe(404);
    });

    it("refuses to remove an admin's account_admin access and grants by members", async () => {
      const { admin, member, memberAccountUserId, secondWorkspaceId } = await teamWithMember(ctx);
      const adminAccountUserId = await accountUserIdOf(ctx, admin.accountId, admin.userId);
      const { rows } = await ctx.db.query<{ id: string }>(
        'SELECT id::text AS id FROM workspace_users WHERE account_user_id = $1 LIMIT 1',
        [adminAccountUserId],
      );
      const res = await admin.client.delete(accountsPath.deleteWorkspaceUser(rows[0].id));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Admins have access to every workspace: change their role to remove it');
      const byMember = await member.client.post(accountsPath.createWorkspaceUsers, {
        accountId: admin.accountId,
        accountUserIds: [memberAccountUserId],
        workspaceIds: [secondWorkspaceId],
      });
      expect(byMember.status).toBe(403);
      expect(await accessRows(ctx, memberAccountUserId)).toHaveLength(1);
    });
  });
});
