import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { closedPort } from '../upstream-mirror.js';
import { ensureDebianPackages } from './debian-packages.js';
import { stopOnExit } from './stop-on-exit.js';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** A throwaway PostgreSQL cluster of this test process, on 127.0.0.1 with trust authentication. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>` without a database name. */
  baseUrl: string;
  /** The URL of database `name` on this cluster. */
  urlOf(name: string): string;
  /** Runs SQL as the superuser in database `database` (psql): its rows unaligned, `|`-separated. */
  query(statement: string, database?: string): Promise<string>;
  /** Makes a new database (empty, or a copy of `template`) and gives its URL; it is dropped with the cluster. */
  createDatabase(template?: string): Promise<string>;
  stop(): void;
}

let shared: Promise<PostgresServer> | undefined;

/**
 * The cluster shared by every suite of this process, started on first use: Debian's `postgresql`
 * is installed when missing, `initdb` makes a cluster in a temporary folder as the `postgres` user
 * (PostgreSQL refuses to run as root), and it is stopped and removed when the process exits.
 * Suites make databases of their own on it (CREATE DATABASE ... TEMPLATE is fast).
 */
export function sharedPostgres(): Promise<PostgresServer> {
  shared ??= startPostgres();
  return shared;
}

/** The newest installed PostgreSQL's bin folder, or undefined. */
function postgresBin(): string | undefined {
  if (!existsSync(POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(path.join(POSTGRES_ROOT, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(POSTGRES_ROOT, versions[0], 'bin');
}

async function startPostgres(): Promise<PostgresServer> {
  await ensureDebianPackages(['postgresql'], () => postgresBin() !== undefined);
  const bin = postgresBin();
  if (!bin) throw new Error(`No PostgreSQL under ${POSTGRES_ROOT} after installing it.`);
  const owner = unprivilegedOwner();
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-postgres-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'socket');
  mkdirSync(socket);
  if (owner) for (const folder of [dir, socket]) chownSync(folder, owner.uid, owner.gid);
  const asOwner = (command: string, args: string[]) =>
    owner
      ? run('runuser', ['-u', owner.name, '--', path.join(bin, command), ...args])
      : run(path.join(bin, command), args);
  const port = await closedPort();
  let started = false;
  const stop = stopOnExit(() => {
    if (started) {
      const pgCtl = [path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
      try {
        execFileSync(owner ? 'runuser' : pgCtl[0]!, owner ? ['-u', owner.name, '--', ...pgCtl] : pgCtl.slice(1), {
          stdio: 'ignore',
        });
      } catch {
        // Already stopped.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });
  try {
    await asOwner('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    // A test cluster: durability is not wanted, speed is.
    const settings = [
      `-p ${port}`,
      `-k ${socket}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    await asOwner('pg_ctl', ['-D', data, '-l', path.join(dir, 'postgres.log'), '-o', settings, '-w', 'start']);
    started = true;
  } catch (error) {
    stop();
    throw error;
  }
  const baseUrl = `postgres://postgres@127.0.0.1:${port}`;
  const query = async (statement: string, database = 'postgres') => {
    const args = ['-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', `${baseUrl}/${database}`, '-c', statement];
    return (await run(path.join(bin, 'psql'), args)).stdout.trim();
  };
  return {
    baseUrl,
    urlOf: (name) => `${baseUrl}/${name}`,
    query,
    async createDatabase(template) {
      const name = `islamic_test_${process.pid}_${++databases}`;
      await query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return `${baseUrl}/${name}`;
    },
    stop,
  };
}

let databases = 0;

/** The `postgres` user Debian's package creates, when running as root (PostgreSQL refuses root). */
function unprivilegedOwner(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })));
  return { name: 'postgres', uid: uid!, gid: gid! };
}
