/** Child processes for the scripts: run to completion, run in the foreground, find a free port. */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A binary installed by npm (node_modules/.bin), by absolute path so no shell or npx is involved. */
export function localBin(name) {
  return path.join(REPO_ROOT, 'node_modules', '.bin', name);
}

/**
 * Runs a command with inherited output and resolves with its exit code (a signal counts as 1).
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<{ code: number }>}
 */
export function run(command, args, options = {}) {
  return exitOf(spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit', ...options }), command);
}

/**
 * `run` for a step of `npm test` without test reports (typecheck, lint, format, import rules,
 * plugin removal): the output still streams through, and its last lines are kept so the summary
 * can repeat them when the step fails.
 * @param {string} command
 * @param {string[]} args
 * @param {number} [keep] lines kept
 * @returns {Promise<{ code: number, tail: string[] }>}
 */
export async function runKeepingTail(command, args, keep = 25) {
  /** @type {string[]} */
  const tail = [];
  const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['inherit', 'pipe', 'pipe'] });
  /** Each stream's unfinished last line. */
  const partial = { stdout: '', stderr: '' };
  for (const name of /** @type {const} */ (['stdout', 'stderr'])) {
    child[name].on('data', (/** @type {Buffer} */ chunk) => {
      process[name].write(chunk);
      const lines = (partial[name] + chunk.toString('utf8')).split('\n');
      partial[name] = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') tail.push(line);
      if (tail.length > keep) tail.splice(0, tail.length - keep);
    });
  }
  // 'close', not 'exit': the piped output may still be arriving when the process has exited.
  const { code } = await exitOf(child, command, 'close');
  for (const rest of [partial.stdout, partial.stderr]) if (rest.trim() !== '') tail.push(rest);
  return { code, tail: tail.slice(-keep) };
}

/**
 * A child's exit code (a signal counts as 1; a command that cannot start, 127).
 * @param {import('node:child_process').ChildProcess} child
 * @param {string} command
 * @param {'exit' | 'close'} [event]
 * @returns {Promise<{ code: number }>}
 */
function exitOf(child, command, event = 'exit') {
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[scripts] cannot run ${command}: ${error.message}`);
      resolve({ code: 127 });
    });
    child.on(event, (code, signal) => resolve({ code: code ?? (signal ? 1 : 0) }));
  });
}

/**
 * Starts long-running children (the server, Vite) and keeps this process in the foreground:
 * SIGINT/SIGTERM are passed on, and when any child exits the others are stopped and this
 * process exits with that child's code.
 * @param {{ name: string, command: string, args: string[], env?: NodeJS.ProcessEnv }[]} specs
 * @param {{ beforeExit?: () => void }} [options] clean-up once every child has exited
 */
export function runForeground(specs, options = {}) {
  const children = specs.map((spec) => {
    const child = spawn(spec.command, spec.args, { cwd: REPO_ROOT, stdio: 'inherit', env: spec.env ?? process.env });
    return { ...spec, child };
  });
  let stopping = false;

  function stopAll(signal) {
    for (const { child } of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    }
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopping = true;
      stopAll(signal);
    });
  }

  let remaining = children.length;
  let exitCode = 0;
  for (const { name, child } of children) {
    child.on('error', (error) => {
      console.error(`[${name}] cannot start: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      remaining -= 1;
      if (!stopping) {
        // One part died on its own: the whole thing is unusable, so stop the rest.
        console.error(`[${name}] exited ${signal ?? code}`);
        exitCode = code || 1;
        stopping = true;
        stopAll('SIGTERM');
      }
      if (remaining === 0) {
        options.beforeExit?.();
        process.exit(exitCode);
      }
    });
  }
}

/** A port the OS reports free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

export function formatDuration(ms) {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
