import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What `polycue login` keeps: the server's address and the API token (a secret: the file is 0600). */
export interface CliConfig {
  server: string;
  token: string;
  /** The workspace commands act on when --workspace is not given (the token's own, or the user's last used). */
  workspaceId?: string;
}

/** `$POLYCUE_CONFIG_DIR`, else `$XDG_CONFIG_HOME/polycue`, else `~/.config/polycue`. */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.POLYCUE_CONFIG_DIR) return env.POLYCUE_CONFIG_DIR;
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'polycue');
}

const configFile = (env?: NodeJS.ProcessEnv) => path.join(configDir(env), 'config.json');

/**
 * The configuration in force: `POLYCUE_SERVER` / `POLYCUE_TOKEN` / `POLYCUE_WORKSPACE` over the file
 * (a CI job sets variables; a person logs in once). Null when there is no token anywhere.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<CliConfig | null> {
  let saved: Partial<CliConfig> = {};
  try {
    saved = JSON.parse(await readFile(configFile(env), 'utf8')) as Partial<CliConfig>;
  } catch {
    // no file yet: variables alone may do
  }
  const server = env.POLYCUE_SERVER || saved.server;
  const token = env.POLYCUE_TOKEN || saved.token;
  if (!server || !token) return null;
  return { server, token, workspaceId: env.POLYCUE_WORKSPACE || saved.workspaceId };
}

export async function saveConfig(config: CliConfig, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const file = configFile(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600); // an existing file keeps its mode on write: make sure
  return file;
}
