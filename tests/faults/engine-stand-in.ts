import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isAlive, sleep } from './fault-kit';

export type StandInMode = 'hang' | 'crash' | 'real';

/**
 * An engine replaced on PATH by a shell script the test steers through a mode file: `hang` sleeps
 * far past any limit (its pid kept, to check it was killed), `crash` dies of SIGSEGV after a line
 * on stderr, `real` runs the real engine. The engines are found on PATH, as in production.
 */
export interface EngineStandIn {
  /** PATH for a server process that should meet the stand-in. */
  path: string;
  mode(value: StandInMode): Promise<void>;
  /** The pid of the hanging stand-in, once it has started (waits up to a minute). */
  hungPid(): Promise<number>;
  /** Kills a hanging stand-in that outlived its worker (SIGKILL leaves it orphaned). */
  killHung(): Promise<void>;
}

export async function engineStandIn(
  dir: string,
  command: string,
  options: { crashMessage?: string; mode?: StandInMode } = {},
): Promise<EngineStandIn> {
  await mkdir(dir, { recursive: true });
  const pidFile = path.join(dir, 'pid');
  const script = path.join(dir, command);
  await writeFile(
    script,
    `#!/bin/sh\ncase "$(cat '${dir}/mode')" in\n  hang) echo $$ > '${pidFile}'; exec sleep 600 ;;\n  crash) echo '${options.crashMessage ?? `${command}: crashed`}' >&2; kill -SEGV $$ ;;\nesac\nexec /usr/bin/${command} "$@"\n`,
  );
  await chmod(script, 0o755);
  const mode = (value: StandInMode) => writeFile(path.join(dir, 'mode'), value);
  await mode(options.mode ?? 'real');
  return {
    path: `${dir}:${process.env.PATH}`,
    mode,
    async hungPid() {
      for (let i = 0; i < 600 && !existsSync(pidFile); i++) await sleep(100);
      return Number(await readFile(pidFile, 'utf8'));
    },
    async killHung() {
      if (!existsSync(pidFile)) return;
      const pid = Number(await readFile(pidFile, 'utf8'));
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    },
  };
}
