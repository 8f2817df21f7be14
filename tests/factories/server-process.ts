import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  child: ChildProcess;
  /** The exit code (null when a signal ended it), once the process has exited and its output is all read. */
  exited: Promise<number | null>;
  /** What it wrote to stdout so far (its log lines), when started with `logs: true`. */
  stdout: () => string;
  /** What it wrote to stderr so far (a failed start-up's one line). */
  stderr: () => string;
  /** The port it listens on, from its "Server listening" log line (`logs: true`); rejects if it exits first. */
  listening: () => Promise<number>;
  /** Sends the signal unless it has already exited, then waits for the exit. */
  stop: (signal: NodeJS.Signals) => Promise<void>;
};

/**
 * server/main.ts in a child process, as `npm start` runs it (without the client build), with only the given
 * environment over a development one that logs nothing and listens on 127.0.0.1 at any port: nothing of the
 * machine's (a DATABASE_URL or REDIS_URL) leaks in. `logs: true` logs at info level and keeps what it logs.
 */
export function startServerProcess(env: Record<string, string>, options: { logs?: boolean } = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: rootDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: options.logs ? 'info' : 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    // stdout ignored unless its logs are wanted: with it piped, a failing start-up's exit came seconds later on a busy machine.
    stdio: ['ignore', options.logs ? 'pipe' : 'ignore', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // 'close', not 'exit': by then stderr is read to its end.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));

  const listening = () =>
    new Promise<number>((resolve, reject) => {
      const waiting = setInterval(() => {
        const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
        if (port) {
          clearInterval(waiting);
          resolve(Number(port));
        }
      }, 50);
      void exited.then((code) => {
        clearInterval(waiting);
        reject(new Error(`server/main.ts exited (${code}) before listening:\n${stdout}${stderr}`));
      });
    });

  async function stop(signal: NodeJS.Signals) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  }

  return { child, exited, stdout: () => stdout, stderr: () => stderr, listening, stop };
}

/** A port nothing listens on now (taken, then freed). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
