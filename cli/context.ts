import { PolycueApi } from './api';
import { loadConfig } from './config';
import { CliError, EXIT } from './exit-codes';
import { resolveWorkspace } from './workspace';

/** What every command but `login` starts from: the saved server and token, and the workspace to act on. */
export interface CommandContext {
  connect(workspace?: string): Promise<{ api: PolycueApi; workspaceId: string }>;
  api(): Promise<PolycueApi>;
}

export function commandContext(env: NodeJS.ProcessEnv = process.env): CommandContext {
  async function api(): Promise<{ api: PolycueApi; saved?: string }> {
    const config = await loadConfig(env);
    if (!config)
      throw new CliError(
        'Not logged in: run `polycue login --server <url>` (or set POLYCUE_SERVER and POLYCUE_TOKEN)',
        EXIT.auth,
      );
    return { api: new PolycueApi(config), saved: config.workspaceId };
  }
  return {
    async connect(workspace) {
      const { api: client, saved } = await api();
      return { api: client, workspaceId: await resolveWorkspace(client, workspace, saved) };
    },
    async api() {
      return (await api()).api;
    },
  };
}
