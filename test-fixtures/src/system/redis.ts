import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closedPort } from '../upstream-mirror.js';
import { ensureDebianPackages } from './debian-packages.js';
import { stopOnExit } from './stop-on-exit.js';

const REDIS_SERVER = '/usr/bin/redis-server';

/** A throwaway redis-server on a loopback port, without persistence. */
export interface RedisServer {
  url: string;
  /** Stops the server (the port stays reserved for `start`). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

let shared: Promise<RedisServer> | undefined;

/** The redis-server shared by every suite of this process, started on first use. */
export function sharedRedis(): Promise<RedisServer> {
  shared ??= startRedis();
  return shared;
}

/**
 * Starts a redis-server of its own (installing Debian's `redis-server` when missing) on a random
 * loopback port; it is stopped when the process exits. For tests that stop and restart Redis.
 */
export async function startRedis(): Promise<RedisServer> {
  await ensureDebianPackages(['redis-server'], () => existsSync(REDIS_SERVER));
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-redis-'));
  const port = await closedPort();
  let child: ChildProcess | undefined;
  const kill = () => {
    child?.kill('SIGKILL');
    child = undefined;
  };
  stopOnExit(() => {
    kill();
    rmSync(dir, { recursive: true, force: true });
  });
  const start = async () => {
    if (child) return;
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    child = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
    const exited = new Promise<never>((_, reject) =>
      child!.once('exit', (code) => reject(new Error(`redis-server exited with ${code} on port ${port}`))),
    );
    exited.catch(() => undefined);
    await Promise.race([untilPong(port), exited]);
  };
  const stop = async () => {
    const stopping = child;
    if (!stopping) return;
    const exited = new Promise<void>((resolve) => stopping.once('exit', () => resolve()));
    kill();
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/** Resolves once the server answers PING, trying every 50 ms for 10 s. */
async function untilPong(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (await pings(port)) return;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} never answered PING`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).startsWith('+PONG'));
    });
    for (const event of ['error', 'timeout'] as const)
      socket.once(event, () => {
        socket.destroy();
        resolve(false);
      });
  });
}
