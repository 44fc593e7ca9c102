import type { CurrentUserResponse } from '../core/common/session-types';
import { AUTH_PATHS } from '../plugins/auth/common/auth-contract';
import type { PolycueApi } from './api';
import { CliError, EXIT } from './exit-codes';

/**
 * The workspace a command acts on: `--workspace`, else the one saved at login (or
 * POLYCUE_WORKSPACE), else the person's last used workspace as the server knows it.
 */
export async function resolveWorkspace(api: PolycueApi, given: string | undefined, saved: string | undefined) {
  if (given) return given;
  if (saved) return saved;
  const me = await api.get<CurrentUserResponse>(AUTH_PATHS.currentUser);
  const last = me.data.attributes.lastUsedWorkspaceId;
  if (!last) throw new CliError('No workspace to act on: pass --workspace <id>', EXIT.usage);
  return last;
}
