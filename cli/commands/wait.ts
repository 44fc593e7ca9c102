import { setTimeout as sleep } from 'node:timers/promises';
import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import type { Operation, ResponseOf } from '../api-types';
import type { CommandContext } from '../context';
import { CliError, EXIT } from '../exit-codes';
import { notice, printJson } from '../output';

const STEP_PATH = '/api/v1/project_versions/{projectVersionId}/show_current_processing_step';
/** A version's light processing step as the document types it; null before any setup. */
type CurrentProcessingStep = ResponseOf<Operation<typeof STEP_PATH, 'get'>>['data'];

const finished = (step: CurrentProcessingStep | null) => step?.state === 'done' || step?.state === 'failed';

/**
 * `polycue wait <versionIds...>`: polls each version's light processing step until every run is
 * done or failed (a progress bar per version on a terminal, one line per change otherwise).
 * Exit 0 when all are done, 1 when one failed (its step and reason on stderr), 7 after --timeout.
 */
export function waitCommand(program: Command, context: CommandContext): void {
  program
    .command('wait')
    .description('Wait until the processing of project versions has finished')
    .argument('<projectVersionIds...>', 'the versions to follow')
    .option('--timeout <seconds>', 'give up after this long (exit code 7)', '3600')
    .option('--interval <seconds>', 'how often to ask', '2')
    .option('--json', 'print the final state of each as JSON')
    .action(async (ids: string[], options: { timeout: string; interval: string; json?: boolean }) => {
      const timeoutMs = Number(options.timeout) * 1000;
      const intervalMs = Number(options.interval) * 1000;
      if (!(timeoutMs > 0) || !(intervalMs > 0))
        throw new CliError('--timeout and --interval are seconds above 0', EXIT.usage);
      const api = await context.api();
      const deadline = Date.now() + timeoutMs;
      const states = new Map<string, CurrentProcessingStep | null>();
      const bar = process.stderr.isTTY
        ? new SingleBar({ format: 'processing [{bar}] {percentage}% {step}' }, Presets.shades_classic)
        : null;
      bar?.start(100, 0, { step: '' });
      const said = new Map<string, string>();
      // The highest overall progress seen per version. The server computes it from its steps' parts
      // as they are now, and a part retried (timed out, handed back by a stopping worker, taken
      // back by the watchdog) goes from running (counted in part) to pending again: its figure
      // dips (alignment 32 % -> 13 % -> 32 %). A person reading a progress line expects it to only
      // go forward, so what is printed never goes back; the final state (--json) is the server's.
      const highest = new Map<string, number>();
      const percentOf = (id: string, step: NonNullable<CurrentProcessingStep>) => {
        const percent = Math.max(highest.get(id) ?? 0, Math.round((step.progress ?? 0) * 100));
        highest.set(id, percent);
        return percent;
      };
      try {
        while (true) {
          for (const id of ids) {
            if (finished(states.get(id) ?? null)) continue;
            const { data } = await api.call('get', STEP_PATH, { params: { projectVersionId: id } });
            states.set(id, data);
            const line = data
              ? `${id}: ${data.currentProcessingStep} (${data.state}, ${percentOf(id, data)} %)`
              : `${id}: not set up`;
            if (!bar && said.get(id) !== line) notice(line);
            said.set(id, line);
          }
          const all = ids.map((id) => states.get(id) ?? null);
          if (all.some((s) => s === null))
            throw new CliError(`Not set up yet: ${ids.filter((id) => !states.get(id)).join(', ')}`, EXIT.notFound);
          bar?.update(Math.round(ids.reduce((sum, id) => sum + (highest.get(id) ?? 0), 0) / ids.length), {
            step: all.map((s) => s?.currentProcessingStep).join(', '),
          });
          if (all.every(finished)) break;
          if (Date.now() > deadline) throw new CliError(`Still processing after ${options.timeout} s`, EXIT.timedOut);
          await sleep(intervalMs);
        }
      } finally {
        bar?.stop();
      }
      const failed = ids.filter((id) => states.get(id)?.state === 'failed');
      if (options.json) printJson({ data: ids.map((id) => ({ projectVersionId: id, ...states.get(id) })) });
      for (const id of failed) {
        const failure = states.get(id)?.failure;
        notice(`${id} failed at ${failure?.step ?? 'a step'}: ${failure?.message ?? 'no reason given'}`);
      }
      if (failed.length > 0) throw new CliError(`${failed.length} of ${ids.length} failed`, EXIT.workFailed);
      if (!options.json) notice(`Done: ${ids.join(', ')}`);
    });
}
