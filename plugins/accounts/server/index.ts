import type { ShowWorkspacesResponse } from '../../../core/model/session-types';
import { httpError } from '../../../server/http/errors';
import { TenancyRepository, type WorkspaceRecord } from '../../../server/identity/tenancy-repository';
import { defineServerPlugin } from '../../../server/plugin-api';

const ID_PATTERN = '^[1-9][0-9]{0,17}$';
export const ACCOUNT_NOT_FOUND_MESSAGE = 'Account not found';

const workspaceResource = {
  type: 'object',
  required: ['id', 'type', 'attributes'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string', const: 'workspace' },
    attributes: {
      type: 'object',
      properties: { name: { type: 'string' }, numberOfProjects: { type: 'integer' }, accountId: { type: 'string' } },
    },
  },
} as const;

function toResource(workspace: WorkspaceRecord): ShowWorkspacesResponse['data'][number] {
  return {
    id: workspace.id,
    type: 'workspace',
    attributes: { name: workspace.name, numberOfProjects: workspace.numberOfProjects, accountId: workspace.accountId },
  };
}

/**
 * Accounts and their workspaces. Minimal for now (the workspace list the app needs to choose the
 * current workspace); rename, avatar, account users and workspace creation come with their issue.
 * Who sees what is decided by TenancyRepository only.
 */
export default defineServerPlugin({
  id: 'accounts',
  async routes(app) {
    const tenancy = new TenancyRepository(app.db);

    app.get<{ Params: { accountId: string } }>(
      '/api/v1/accounts/:accountId/show_workspaces',
      {
        config: { access: 'member' },
        schema: {
          params: { type: 'object', required: ['accountId'], properties: { accountId: { type: 'string', pattern: ID_PATTERN } } },
          response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: workspaceResource } } } },
        },
      },
      async (request): Promise<ShowWorkspacesResponse> => {
        const workspaces = await tenancy.listWorkspacesForUser(request.currentUser!.id, request.params.accountId);
        // Another tenant's account looks exactly like a missing one.
        if (!workspaces) throw httpError(404, 'not_found', ACCOUNT_NOT_FOUND_MESSAGE);
        return { data: workspaces.map(toResource) };
      },
    );
  },
});
