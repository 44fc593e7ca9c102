import { expect } from 'vitest';
import type { TestAppContext } from '../support/test-app';
import { confirmedUser } from './auth-test-helpers';

/** Test arrangements for the accounts calls, built through the calls themselves where that is cheap. */

export type Person = Awaited<ReturnType<typeof confirmedUser>>;

export const accountsPath = {
  showWorkspaces: (id: string) => `/api/v1/accounts/${id}/show_workspaces`,
  rename: (id: string) => `/api/v1/accounts/${id}/rename`,
  changeAvatar: (id: string) => `/api/v1/accounts/${id}/change_avatar`,
  createAccountUsers: (id: string) => `/api/v1/accounts/${id}/create_account_users`,
  createWorkspace: (id: string) => `/api/v1/accounts/${id}/create_workspace`,
  accountUsers: '/api/v1/account_users',
  deleteAccountUsers: '/api/v1/account_users/',
  changeRole: (id: string) => `/api/v1/account_users/${id}/change_role`,
  createWorkspaceUsers: '/api/v1/account_users/create_workspace_users/',
  renameWorkspace: (id: string) => `/api/v1/workspaces/${id}/rename`,
  deleteWorkspaces: '/api/v1/workspaces/',
  deleteWorkspaceUser: (id: string) => `/api/v1/workspace_users/${id}`,
};

/** Adds `person` to the admin's account through POST create_account_users; returns the account user id. */
export async function addToAccount(
  admin: Person,
  person: Person,
  role: 'admin' | 'member' | 'reviewer' = 'member',
): Promise<string> {
  const res = await admin.client.post(accountsPath.createAccountUsers(admin.accountId), {
    emails: [person.email],
    role,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data[0].id;
}

export async function createWorkspace(admin: Person, name: string): Promise<string> {
  const res = await admin.client.post(accountsPath.createWorkspace(admin.accountId), { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

export async function grantAccess(admin: Person, accountUserIds: string[], workspaceIds: string[]) {
  const res = await admin.client.post(accountsPath.createWorkspaceUsers, {
    accountId: admin.accountId,
    accountUserIds,
    workspaceIds,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; attributes: { workspaceId: string; accessType: string } }[];
}

/** An admin (owner of the account, with its first workspace), a second workspace, and a member with access to the first only. */
export async function teamWithMember(ctx: TestAppContext) {
  const admin = await confirmedUser(ctx, { name: 'Alice', lastName: 'Admin' });
  const member = await confirmedUser(ctx, { name: 'Mo', lastName: 'Member' });
  const memberAccountUserId = await addToAccount(admin, member);
  const secondWorkspaceId = await createWorkspace(admin, 'Second');
  await grantAccess(admin, [memberAccountUserId], [admin.workspaceId]);
  return { admin, member, memberAccountUserId, secondWorkspaceId };
}

export async function accountUserIdOf(ctx: TestAppContext, accountId: string, userId: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    'SELECT id::text AS id FROM account_users WHERE account_id = $1 AND user_id = $2',
    [accountId, userId],
  );
  return rows[0].id;
}

export async function accessRows(ctx: TestAppContext, accountUserId: string) {
  const { rows } = await ctx.db.query<{ workspaceId: string; accessType: string }>(
    `SELECT workspace_id::text AS "workspaceId", access_type AS "accessType" FROM workspace_users WHERE account_user_id = $1 ORDER BY workspace_id`,
    [accountUserId],
  );
  return rows;
}

export const workspaceNames = (body: { data: { attributes: { name: string } }[] }) =>
  body.data.map((w) => w.attributes.name);
