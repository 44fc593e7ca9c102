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
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`[scripts] cannot run ${command}: ${error.message}`);
      resolve({ code: 127 });
    });
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0) }));
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
