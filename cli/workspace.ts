import type { PolycueApi } from './api';
import { CliError, EXIT } from './exit-codes';

/**
 * `GET /api/v1/api_tokens/current` of the api-tokens plugin, named here by its path and shape as
 * any HTTP client would (the published OpenAPI document has them): the api-tokens plugin is
 * optional, and the CLI must build without its folder (scripts/check-plugin-removal.mjs), where
 * the generated types (made from that tree's app) have no such route. Without that plugin there
 * are no tokens, and the CLI says the server refused (404 -> exit 4).
 */
const CURRENT_TOKEN_PATH = '/api/v1/api_tokens/current';
export interface CurrentApiTokenResponse {
  data: {
    id: string;
    attributes: { name: string; scope: 'read' | 'write' | 'admin'; accountId: string; workspaceId: string | null };
  };
  meta: { user: { email: string } };
}

/** Which token this is (account, workspace, scope, whose): the one call any live token may make. */
export function currentToken(api: PolycueApi): Promise<CurrentApiTokenResponse> {
  return api.getHandTyped<CurrentApiTokenResponse>(CURRENT_TOKEN_PATH);
}

/**
 * The workspace a command acts on: `--workspace`, else the one saved at login (or
 * POLYCUE_WORKSPACE), else the token's own (a token limited to one workspace), else the
 * account's only workspace. With several and none named, the command says so (exit 2).
 */
export async function resolveWorkspace(api: PolycueApi, given: string | undefined, saved: string | undefined) {
  if (given) return given;
  if (saved) return saved;
  return (await defaultWorkspace(api)).workspaceId;
}

export async function defaultWorkspace(
  api: PolycueApi,
): Promise<{ workspaceId: string; token: CurrentApiTokenResponse }> {
  const token = await currentToken(api);
  if (token.data.attributes.workspaceId) return { workspaceId: token.data.attributes.workspaceId, token };
  const { data } = await api.call('get', '/api/v1/accounts/{accountId}/show_workspaces', {
    params: { accountId: token.data.attributes.accountId },
  });
  if (data.length === 1) return { workspaceId: data[0].id, token };
  const names = data.map((w) => `${w.id} (${w.attributes.name})`).join(', ');
  throw new CliError(`Several workspaces: pass --workspace <id> (${names || 'none open to you'})`, EXIT.usage);
}
