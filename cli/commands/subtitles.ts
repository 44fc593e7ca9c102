import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseContentDisposition } from 'content-disposition';
import type { Command } from 'commander';
import { DOWNLOAD_FORMATS } from '../../plugins/subtitles/common/subtitles-contract';
import type { CommandContext } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { notice, printJson } from '../output';

/** The file name the server gives (Content-Disposition), as the browser would; download.zip by default (spec). */
function fileNameOf(header: string | null): string {
  try {
    return header ? (parseContentDisposition(header).parameters.filename ?? 'download.zip') : 'download.zip';
  } catch {
    return 'download.zip';
  }
}

/** `polycue subtitles download <versionIds...> [--format srt,vtt] [--language en,es] [-o file.zip]`. */
export function subtitlesCommand(program: Command, context: CommandContext): void {
  const subtitles = program.command('subtitles').description('Subtitles of project versions');
  subtitles
    .command('download')
    .description('One zip of the subtitles of project versions')
    .argument('<projectVersionIds...>', 'the versions')
    .option('--format <formats>', `comma separated: ${DOWNLOAD_FORMATS.join(', ')}`, 'srt')
    .option('--language <codes>', 'only these languages, comma separated (default: all)')
    .option('-o, --output <file>', "where to write the zip (default: the server's file name; - for stdout)")
    .option('--workspace <id>', 'the workspace (default: the saved one)')
    .option('--json', 'print what was written as JSON')
    .action(
      async (
        ids: string[],
        options: { format: string; language?: string; output?: string; workspace?: string; json?: boolean },
      ) => {
        const formats = options.format.split(',').map((f) => f.trim());
        const unknown = formats.filter((f) => !(DOWNLOAD_FORMATS as readonly string[]).includes(f));
        if (unknown.length > 0) throw new CliError(`Unknown format: ${unknown.join(', ')}`, EXIT.usage);
        const { api, workspaceId } = await context.connect(options.workspace);
        const response = await api.send('get', '/api/v1/project_versions/download_subtitles', {
          query: { workspaceId, projectVersionIds: ids, formats, languages: options.language?.split(',') },
        });
        if (!response.body) throw new CliError('The server sent no file', EXIT.unavailable);
        const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
        if (options.output === '-') return void (await pipeline(body, process.stdout));
        const file = options.output ?? fileNameOf(response.headers.get('content-disposition'));
        // Written beside, then renamed: an interrupted download never leaves half a zip under the name.
        const partial = `${file}.part`;
        try {
          await pipeline(body, createWriteStream(partial));
          await rename(partial, file);
        } catch (error) {
          await rm(partial, { force: true });
          throw new CliError(`Could not write ${file}: ${(error as Error).message}`, EXIT.workFailed);
        }
        if (options.json) printJson({ data: { file } });
        else notice(`Wrote ${file}`);
      },
    );
}
