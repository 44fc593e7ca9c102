import type { FastifyInstance } from 'fastify';
import { tenantOf, httpError } from '../../../server/plugin-api';
import {
  ACCOUNT_USERS_PER_PAGE,
  ACCOUNTS_PATHS,
  ACCOUNTS_SERVER_MESSAGES,
  type AccountUsersResponse,
  type ChangeRoleRequest,
  type CreateWorkspaceUsersRequest,
  type DeleteAccountUsersRequest,
} from '../common/accounts-contract';
import {
  accountUserResource,
  accountUsersQuery,
  changeRoleBody,
  createWorkspaceUsersBody,
  dataOf,
  deleteAccountUsersBody,
  deletedIds,
  invitationResource,
  listOf,
  paramsWith,
  workspaceUserResource,
} from './accounts-schemas';
import { viewerOf, type AccountsServices } from './accounts-services';

/** `/api/v1/account_users…`: the members table, roles, removal and granting workspace access. */
export function registerAccountUserRoutes(app: FastifyInstance, services: AccountsServices): void {
  const { accounts, workspaces, directory, invitations, presenter } = services;

  // Any account user may read the list (members see it read-only, with only the access rows of
  // workspaces they can open); without accountId it is the caller's last used account.
  app.get<{ Querystring: { accountId?: string; search: string; page: number } }>(
    ACCOUNTS_PATHS.accountUsers,
    {
      config: { access: 'member', tenant: { account: 'query.accountId', optional: true } },
      schema: {
        summary: "List an account's people, a page at a time (searchable)",
        querystring: accountUsersQuery,
        response: {
          200: {
            type: 'object',
            required: ['data', 'included', 'meta'],
            properties: {
              data: { type: 'array', items: accountUserResource },
              included: { type: 'array', items: invitationResource },
              meta: {
                type: 'object',
                properties: {
                  page: { type: 'integer' },
                  perPage: { type: 'integer' },
                  total: { type: 'integer' },
                  hasMore: { type: 'boolean' },
                },
              },
            },
          },
        },
      },
    },
    async (request): Promise<AccountUsersResponse> => {
      const { accountId } = tenantOf(request);
      const search = request.query.search.trim();
      const page = request.query.page;
      const { rows, total } = await directory.list(accountId, viewerOf(request), {
        search,
        page,
        perPage: ACCOUNT_USERS_PER_PAGE,
      });
      const pending = page === 1 ? await directory.invitations(accountId, search) : [];
      return {
        data: rows.map((row) => presenter.accountUser(row)),
        included: pending.map((invitation) => presenter.invitation(invitation)),
        meta: { page, perPage: ACCOUNT_USERS_PER_PAGE, total, hasMore: page * ACCOUNT_USERS_PER_PAGE < total },
      };
    },
  );

  app.delete<{ Body: DeleteAccountUsersRequest }>(
    ACCOUNTS_PATHS.deleteAccountUsers,
    {
      config: { access: 'member', tenant: { account: 'body.accountId', role: 'admin' } },
      schema: {
        summary: 'Remove people from an account (account admins)',
        body: deleteAccountUsersBody,
        response: { 200: deletedIds },
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      const { ids, invitationIds = [] } = request.body;
      if (ids.length === 0 && invitationIds.length === 0)
        throw httpError(400, 'invalid', 'ids must have at least 1 items', 'ids');
      const removed = ids.length > 0 ? await accounts.removeAccountUsers(accountId, ids) : [];
      const cancelled = invitationIds.length > 0 ? await invitations.cancel(accountId, invitationIds) : [];
      return { data: { ids: removed, invitationIds: cancelled } };
    },
  );

  app.put<{ Params: { accountUserId: string }; Body: ChangeRoleRequest }>(
    ACCOUNTS_PATHS.changeRole(':accountUserId'),
    {
      config: { access: 'member', tenant: { resource: 'accountUser', id: 'params.accountUserId', role: 'admin' } },
      schema: {
        summary: "Change a person's role in an account (account admins)",
        params: paramsWith('accountUserId'),
        body: changeRoleBody,
        response: { 200: dataOf(accountUserResource) },
      },
    },
    async (request) => {
      const { accountId } = tenantOf(request);
      const changed = await accounts.changeRole(accountId, request.params.accountUserId, request.body.role);
      if (!changed) throw httpError(404, 'not_found', ACCOUNTS_SERVER_MESSAGES.accountUserNotFound);
      const [record] = await directory.byIds(accountId, viewerOf(request), [changed.id]);
      return { data: presenter.accountUser(record) };
    },
  );

  app.post<{ Body: CreateWorkspaceUsersRequest }>(
    ACCOUNTS_PATHS.createWorkspaceUsers,
    {
      config: { access: 'member', tenant: { account: 'body.accountId', role: 'admin' } },
      schema: {
        summary: 'Give people access to workspaces (account admins)',
        body: createWorkspaceUsersBody,
        response: { 200: listOf(workspaceUserResource) },
      },
    },
    async (request) => {
      const { accountUserIds, workspaceIds } = request.body;
      const granted = await workspaces.grantAccess(tenantOf(request).accountId, accountUserIds, workspaceIds);
      return { data: granted.map((row) => presenter.workspaceUser(row)) };
    },
  );
}
