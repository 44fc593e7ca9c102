import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { notice, printJson, printTable } from '../output';

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

/**
 * `polycue setup <versionIds...> --language en [--subtitles es,fr] [--dub es]`: the set-up popup
 * as one command (PUT setup, or setup_tts with --dub). The server checks languages and the plan and
 * answers in the popup's words; the runs start at once and `polycue wait` follows them.
 */
export function setupCommand(program: Command, context: CommandContext): void {
  program
    .command('setup')
    .description('Transcribe (and translate, and dub) project versions')
    .argument('<projectVersionIds...>', 'the versions to process')
    .requiredOption('--language <code>', 'the language spoken in the video, e.g. en')
    .option('--subtitles <codes>', 'translate into these languages, comma separated, e.g. es,fr')
    .option('--dub <codes>', 'voice-overs in these languages (text to speech), comma separated')
    .option('--transcript <file>', 'align your own transcript (plain text) instead of recognising speech')
    .option('--vocabulary <id>', 'a vocabulary list of the workspace (recognition hints)')
    .option('--guideline <id>', 'a guideline of the workspace (translation prompt)')
    .option('--termbase <id>', 'a term base of the workspace (glossary)')
    .option('--workspace <id>', 'the workspace (default: the saved one)')
    .option('--json', 'print JSON (the runs)')
    .action(
      async (
        projectVersionIds: string[],
        options: {
          language: string;
          subtitles?: string;
          dub?: string;
          transcript?: string;
          vocabulary?: string;
          guideline?: string;
          termbase?: string;
          workspace?: string;
          json?: boolean;
        },
      ) => {
        const { api, workspaceId } = await context.connect(options.workspace);
        let transcript: string | undefined;
        if (options.transcript) {
          const { readFile } = await import('node:fs/promises');
          transcript = await readFile(options.transcript, 'utf8').catch(() => {
            throw new CliError(`No such file: ${options.transcript}`, EXIT.usage);
          });
        }
        const dubbing = list(options.dub);
        const settings = {
          language: options.language,
          subtitleLanguages: list(options.subtitles),
          ...(transcript !== undefined ? { transcript } : {}),
          ...(options.vocabulary ? { vocabularyListId: options.vocabulary } : {}),
          ...(options.guideline ? { guidelineId: options.guideline } : {}),
          ...(options.termbase ? { termbaseId: options.termbase } : {}),
        };
        const body = { projectVersionIds, includesTranscript: transcript !== undefined, workspaceId, settings };
        // Two routes with their own bodies: a voice-over names its languages, a plain setup may not.
        const runs =
          dubbing.length > 0
            ? await api.call('put', '/api/v1/project_versions/setup_tts', {
                body: { ...body, settings: { ...settings, dubbingLanguages: dubbing } },
              })
            : await api.call('put', '/api/v1/project_versions/setup', { body });
        if (options.json) return printJson(runs);
        printTable(
          ['PROJECT VERSION', 'RUN', 'TRANSCRIPT SUBTITLE'],
          runs.data.map((run) => [run.projectVersionId, run.runId, run.subtitleId]),
        );
        notice(`Started. Follow with: polycue wait ${projectVersionIds.join(' ')}`);
      },
    );
}
