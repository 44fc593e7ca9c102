import { spawn, type ChildProcess } from 'node:child_process';
import { hostname } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** A server/main.ts started as its own OS process, as on another machine. */
export interface ServerProcess {
  child: ChildProcess;
  output: string[];
  /** How pipeline steps name their worker: host:pid. */
  worker: string;
  /** http://127.0.0.1:<port> for a web process (ROLE=web or all); null for a worker. */
  baseUrl: string | null;
}

/** Starts server/main.ts with `env` and waits for its start-up line (a minute at most). */
export function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const text = output.join('');
      const web = /running at http:\/\/localhost:(\d+)/.exec(text);
      if (web || /worker is running/.test(text)) {
        clearTimeout(timer);
        resolve({
          child,
          output,
          worker: `${hostname()}:${child.pid}`,
          baseUrl: web ? `http://127.0.0.1:${web[1]}` : null,
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${output.join('')}`));
    });
  });
}

/** SIGTERM (the graceful stop), SIGKILL after 10 s; resolves once the process is gone. */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<void> {
  const child = server?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
