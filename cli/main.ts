import { Command, CommanderError } from 'commander';
import { loginCommand } from './commands/login';
import { projectsCommand } from './commands/projects';
import { setupCommand } from './commands/setup';
import { subtitlesCommand } from './commands/subtitles';
import { waitCommand } from './commands/wait';
import { commandContext } from './context';
import { CliError, EXIT } from './exit-codes';

/**
 * `polycue`: Polycue's open API from a terminal or a script (docs/cli.md). Every command takes
 * --json; exit codes are in ./exit-codes.ts. The token comes from `polycue login` or
 * POLYCUE_SERVER / POLYCUE_TOKEN.
 */
const program = new Command()
  .name('polycue')
  .description('Subtitles, translations and voice-overs from the command line')
  .version(process.env.npm_package_version ?? '0.1.0')
  .exitOverride()
  .configureOutput({ outputError: (text, write) => write(text) });

const context = commandContext();
loginCommand(program);
projectsCommand(program, context);
setupCommand(program, context);
waitCommand(program, context);
subtitlesCommand(program, context);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // --help and --version end here too, with code 0.
    process.exitCode = error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  } else if (error instanceof CliError) {
    process.stderr.write(`polycue: ${error.message}\n`);
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(`polycue: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = EXIT.unavailable;
  }
}
