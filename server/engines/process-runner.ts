import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { processMetrics } from '../ops/metrics';

/** Why a child process failed: its command, exit code and the tail of what it wrote to stderr. */
export class EngineProcessError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
    /** The signal that ended it (a crash: SIGSEGV, SIGABRT; the OOM killer: SIGKILL), when no exit code. */
    readonly signal: NodeJS.Signals | null = null,
  ) {
    super(
      `${command} ${exitCode === null ? `was killed by ${signal ?? 'a signal'}` : `exited with ${exitCode}`}: ${stderrTail.trim().slice(-500) || '(no output)'}`,
    );
    this.name = 'EngineProcessError';
  }
}

export class EngineAbortedError extends Error {
  constructor(command: string, reason: string) {
    super(`${command} stopped: ${reason}`);
    this.name = 'AbortError';
  }
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Kills the process after this long; engines pass generous limits so a hung tool never blocks a worker. */
  timeoutMs?: number;
  /** Written to stdin, then stdin is closed. */
  input?: string;
  /** Called for each stdout line instead of buffering stdout (for long outputs). */
  onLine?: (line: string) => void;
  /** Called for each stderr line (ffmpeg reports filter results there). */
  onStderrLine?: (line: string) => void;
  /** Stdout is kept only up to this many characters (the tail of stderr is always kept). */
  maxStdoutChars?: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

const STDERR_TAIL_CHARS = 16_000;

/**
 * Runs a program with an argument array (never through a shell, so user text cannot become a
 * command), and resolves with its output once it exits with code 0. On abort or timeout the
 * process gets SIGTERM, then SIGKILL a second later if it lingers.
 */
export function runProcess(command: string, args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const { signal, timeoutMs, input, onLine, onStderrLine, maxStdoutChars = 64 * 1024 * 1024 } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new EngineAbortedError(command, 'aborted before start'));
      return;
    }
    const child = spawn(command, args, {
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: options.env,
      cwd: options.cwd,
    });
    // Both are pipes (stdio above), so never null.
    const out = child.stdout!;
    const err = child.stderr!;
    let stdout = '';
    let stderr = '';
    let stopReason: string | null = null;
    let killTimer: NodeJS.Timeout | undefined;

    const stop = (reason: string) => {
      if (stopReason !== null || child.exitCode !== null) return;
      stopReason = reason;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), 1000);
      killTimer.unref();
    };
    const onAbort = () => stop('aborted');
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeout = timeoutMs ? setTimeout(() => stop(`timed out after ${timeoutMs} ms`), timeoutMs) : undefined;

    out.setEncoding('utf8');
    err.setEncoding('utf8');
    if (onLine) {
      createInterface({ input: out, crlfDelay: Infinity }).on('line', onLine);
    } else {
      out.on('data', (chunk: string) => {
        if (stdout.length < maxStdoutChars) stdout += chunk;
      });
    }
    err.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    if (onStderrLine) createInterface({ input: err, crlfDelay: Infinity }).on('line', onStderrLine);
    if (input !== undefined && child.stdin) {
      child.stdin.on('error', () => undefined); // the tool may exit before reading everything
      child.stdin.end(input);
    }

    const cleanUp = () => {
      signal?.removeEventListener('abort', onAbort);
      if (timeout) clearTimeout(timeout);
      if (killTimer) clearTimeout(killTimer);
    };
    child.on('error', (error) => {
      cleanUp();
      reject(error);
    });
    child.on('close', (code, exitSignal) => {
      cleanUp();
      // Cancelled on purpose (a run stopped, a shutdown) is not an engine failure; a timeout is.
      if (stopReason !== null && stopReason !== 'aborted')
        processMetrics.engineFailures.inc({ command: path.basename(command) });
      if (stopReason !== null) reject(new EngineAbortedError(command, stopReason));
      else if (code !== 0) {
        processMetrics.engineFailures.inc({ command: path.basename(command) });
        reject(new EngineProcessError(command, code, stderr, exitSignal));
      } else resolve({ stdout, stderr });
    });
  });
}
