import type { FastifyInstance } from 'fastify';
import { tenantOf, httpError } from '../../../server/plugin-api';
import {
  ACCOUNTS_PATHS,
  ACCOUNTS_SERVER_MESSAGES,
  type DeleteWorkspacesRequest,
  type NameRequest,
} from '../common/accounts-contract';
import {
  dataOf,
  deletedIds,
  deleteWorkspacesBody,
  nameBody,
  paramsWith,
  workspaceResource,
  workspaceUserResource,
} from './accounts-schemas';
import { cleanName, type AccountsServices } from './accounts-services';

/** `/api/v1/workspaces…` and `/api/v1/workspace_users/{id}`: admin actions on workspaces and access. */
export function registerWorkspaceRoutes(app: FastifyInstance, services: AccountsServices): void {
  const { workspaces, presenter } = services;

  app.put<{ Params: { workspaceId: string }; Body: NameRequest }>(
    ACCOUNTS_PATHS.renameWorkspace(':workspaceId'),
    {
      config: { access: 'member', tenant: { workspace: 'params.workspaceId', role: 'admin' } },
      schema: {
        summary: 'Rename a workspace (account admins)',
        params: paramsWith('workspaceId'),
        body: nameBody,
        response: { 200: dataOf(workspaceResource) },
      },
    },
    async (request) => {
      const { accountId, workspaceId } = tenantOf(request);
      const renamed = await workspaces.renameWorkspace(accountId, workspaceId!, cleanName(request.body.name));
      if (!renamed) throw httpError(404, 'not_found', ACCOUNTS_SERVER_MESSAGES.workspaceNotFound);
      return { data: presenter.workspace(renamed) };
    },
  );

  app.delete<{ Body: DeleteWorkspacesRequest }>(
    ACCOUNTS_PATHS.deleteWorkspaces,
    {
      config: { access: 'member', tenant: { account: 'body.accountId', role: 'admin' } },
      schema: {
        summary: 'Delete workspaces and everything in them (account admins)',
        body: deleteWorkspacesBody,
        response: { 200: deletedIds },
      },
    },
    async (request) => ({
      data: { ids: await workspaces.deleteWorkspaces(tenantOf(request).accountId, request.body.ids) },
    }),
  );

  app.delete<{ Params: { workspaceUserId: string } }>(
    ACCOUNTS_PATHS.deleteWorkspaceUser(':workspaceUserId'),
    {
      config: { access: 'member', tenant: { resource: 'workspaceUser', id: 'params.workspaceUserId', role: 'admin' } },
      schema: {
        summary: "Take away a person's access to a workspace (account admins)",
        params: paramsWith('workspaceUserId'),
        response: { 200: dataOf(workspaceUserResource) },
      },
    },
    async (request) => {
      const removed = await workspaces.removeAccess(tenantOf(request).accountId, request.params.workspaceUserId);
      if (!removed) throw httpError(404, 'not_found', ACCOUNTS_SERVER_MESSAGES.workspaceUserNotFound);
      return { data: presenter.workspaceUser(removed) };
    },
  );
}
