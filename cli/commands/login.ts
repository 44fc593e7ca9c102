import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import type { CurrentUserResponse } from '../../core/common/session-types';
import { AUTH_PATHS } from '../../plugins/auth/common/auth-contract';
import { PolycueApi } from '../api';
import { saveConfig } from '../config';
import { CliError, EXIT } from '../exit-codes';
import { notice, printJson } from '../output';

/** The token from --token, else one line of standard input (so it stays out of the shell's history). */
async function readToken(given: string | undefined): Promise<string> {
  if (given) return given.trim();
  if (process.stdin.isTTY) process.stderr.write('API token (create one under Account settings → API tokens): ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return '';
}

/**
 * `polycue login --server <url> [--token <token>]`: checks the token against the server (who it
 * belongs to) and only then saves both in the config file (0600). A wrong token saves nothing.
 */
export function loginCommand(program: Command): void {
  program
    .command('login')
    .description('Check an API token against a Polycue server and remember both')
    .requiredOption('--server <url>', 'the Polycue address, e.g. https://polycue.example.com')
    .option('--token <token>', 'the API token (default: read from standard input)')
    .option('--workspace <id>', 'the workspace commands act on by default')
    .option('--json', 'print the signed-in user as JSON')
    .action(async (options: { server: string; token?: string; workspace?: string; json?: boolean }) => {
      let server: string;
      try {
        server = new URL(options.server).origin;
      } catch {
        throw new CliError(`Not an address: ${options.server}`, EXIT.usage);
      }
      const token = await readToken(options.token);
      if (!token) throw new CliError('No token given', EXIT.usage);
      const api = new PolycueApi({ server, token });
      const me = await api.get<CurrentUserResponse>(AUTH_PATHS.currentUser);
      const workspaceId = options.workspace ?? me.data.attributes.lastUsedWorkspaceId ?? undefined;
      const file = await saveConfig({ server, token, workspaceId });
      if (options.json)
        printJson({ data: me.data, meta: { server, workspaceId: workspaceId ?? null, configFile: file } });
      else notice(`Logged in to ${server} as ${me.data.attributes.email}; token saved in ${file}`);
    });
}
