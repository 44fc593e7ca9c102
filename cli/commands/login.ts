import { createInterface } from 'node:readline/promises';
import type { Command } from 'commander';
import { PolycueApi } from '../api';
import { saveConfig } from '../config';
import { CliError, EXIT } from '../exit-codes';
import { notice, printJson } from '../output';
import { currentToken, defaultWorkspace } from '../workspace';

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
 * `polycue login --server <url> [--token <token>] [--workspace <id>]`: asks the server which token
 * this is (`GET /api/v1/api_tokens/current`) and only then saves server, token and workspace in
 * the config file (0600). A wrong token saves nothing.
 */
export function loginCommand(program: Command): void {
  program
    .command('login')
    .description('Check an API token against a Polycue server and remember both')
    .requiredOption('--server <url>', 'the Polycue address, e.g. https://polycue.example.com')
    .option('--token <token>', 'the API token (default: read from standard input)')
    .option('--workspace <id>', 'the workspace commands act on by default')
    .option('--json', 'print the token (never its secret) as JSON')
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
      const found = options.workspace
        ? { workspaceId: options.workspace, token: await currentToken(api) }
        : await defaultWorkspace(api).catch(async (error: unknown) => {
            // Several workspaces and none named: the token is still good; commands will ask.
            if (error instanceof CliError && error.exitCode === EXIT.usage)
              return { workspaceId: undefined, token: await currentToken(api) };
            throw error;
          });
      const file = await saveConfig({ server, token, workspaceId: found.workspaceId });
      const { attributes } = found.token.data;
      if (options.json)
        return printJson({
          data: found.token.data,
          meta: { server, workspaceId: found.workspaceId ?? null, configFile: file },
        });
      notice(
        `Logged in to ${server} as ${found.token.meta.user.email} with "${attributes.name}" (${attributes.scope})` +
          `${found.workspaceId ? `, workspace ${found.workspaceId}` : ''}; saved in ${file}`,
      );
    });
}
