// The CLI as its own process (`@islamic-data/cli/process`): what the tests, the benches (bench/) and the
// scripts use to run commands and a server exactly as an operator does.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The compiled CLI entry point: tests, benches and scripts run it as a real process, as an operator would. */
export const CLI_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'main.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_MAIN, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** A key made by the operator's own command (`keys create --json`): its id and the key, shown once. */
export async function createKeyWithCli(
  env: Record<string, string>,
  grant: { name: string; scopes: string; permissions: string },
): Promise<{ id: string; key: string }> {
  const args = ['keys', 'create', '--name', grant.name, '--scopes', grant.scopes];
  const created = await runCli([...args, '--permissions', grant.permissions, '--json'], env);
  if (created.code !== 0) throw new Error(`keys create exited with ${created.code}: ${created.stderr}`);
  return JSON.parse(created.stdout);
}

// How a server should be started (glibc's malloc settings): `npm start` and the benchmarks use it.
export { serverMemoryEnv } from './memory-env.js';
export { ANSWER_WORKER_NICENESS } from './thread-priority.js';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /**
   * Resolves when every line the server logged before this call has reached `output()`: log lines are written
   * asynchronously, so a test that looks for (or for the absence of) a line waits for them first. It sends a
   * request to a path that does not exist and polls until that request's own line arrives (lines keep their
   * order). With WORKERS=N, that proves it for one worker only: poll `output()` for the lines expected instead.
   */
  logsWritten(): Promise<void>;
  stop(): Promise<number | null>;
}

/** One JSON line a server logged: pino's fields and the line's own. */
export interface LogLine {
  msg?: string;
  pid?: number;
  path?: string;
  status?: number;
  [field: string]: unknown;
}

/** The JSON lines of a log's text, parsed (what is not a JSON line left out). */
export const parseLogLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** The JSON lines a server process has logged so far, parsed (every worker's, with WORKERS=N). */
export const logLines = (server: ServerProcess): LogLine[] => parseLogLines(server.output());

/** The metrics URL the server (or the primary of WORKERS=N) logged: METRICS_PORT=0 takes a free port. */
export async function metricsUrlOf(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((each) => each.includes('"msg":"metrics listening"'));
    if (line) return (JSON.parse(line) as { url: string }).url;
    if (Date.now() > deadline) throw new Error(`no metrics listener:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `done` every 20 ms until it holds (then resolves) or `timeoutMs` has passed (then rejects). */
export async function waitUntil(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let barriers = 0;

/**
 * Starts `serve` on a free loopback port and waits for its "listening" log line (LOG_LEVEL must show info). The
 * warm-up is off unless `env` sets WARM_UP_MS (warm-up.test.ts tests it): the suites start servers by the dozen.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [CLI_MAIN, 'serve'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', WARM_UP_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    // A server that never says it listens is killed, not left running after the suite.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 30_000);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    const onData = (chunk: Buffer) => {
      output += chunk;
      const listening = output.split('\n').find((line) => line.includes('"msg":"listening"'));
      if (!listening) return;
      clearTimeout(timer);
      resolve({
        url: JSON.parse(listening).url,
        child,
        output: () => output,
        logsWritten: async () => {
          const marker = `/log-barrier-${process.pid}-${++barriers}`;
          await (await fetch(JSON.parse(listening).url + marker)).arrayBuffer();
          await waitUntil(() => output.includes(`"path":"${marker}"`), `the log line of ${marker}:\n${output}`);
        },
        stop: () =>
          new Promise((done) => {
            // Exited already, or killed (a SIGKILL leaves exitCode null and sets signalCode).
            if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
            child.once('exit', (code) => done(code));
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  });
}
