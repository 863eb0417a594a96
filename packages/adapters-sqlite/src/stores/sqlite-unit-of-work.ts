import { AppError, type Stores, type UnitOfWork } from '@islamic-data/core';
import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { sqliteStores } from './sqlite-stores.js';

export interface WriteWait {
  /** The raw connection under `db`, whose busy timeout is lifted for each attempt to take the write lock. */
  sqlite: BetterSqlite3.Database;
  /** How long a transaction may wait for another process's write lock before it is refused (503). */
  ms: number;
}

/** The first pause between two attempts to take the write lock, doubled after each up to the last. */
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

/** Thrown inside an attempt when the write lock is held by another connection: the attempt is given up. */
class WriteLockBusy extends Error {}

/**
 * Transactions start with BEGIN IMMEDIATE: the write lock is taken up front, so a transaction
 * that reads then writes cannot fail half-way because another process wrote in between.
 *
 * Without `wait` (the CLI), BEGIN IMMEDIATE waits for the lock in SQLite's busy handler, which blocks the
 * process (better-sqlite3 is synchronous) for up to the busy timeout. With it (a server, issue 26 point 1),
 * each attempt to take the lock does not wait at all; while another process (an import, a rollback) holds it,
 * the attempt is retried after a pause that lets the event loop answer other requests, and after `wait.ms`
 * the transaction is refused with SERVICE_UNAVAILABLE (503, `Retry-After`). The connection is released
 * between attempts, so reads go on meanwhile.
 */
export function sqliteUnitOfWork(db: Kysely<Database>, wait?: WriteWait): UnitOfWork {
  const transaction = <T>(work: (stores: Stores) => Promise<T>, nonBlocking: boolean) =>
    db.connection().execute(async (connection) => {
      await beginImmediate(connection, nonBlocking ? wait : undefined);
      try {
        const result = await work(sqliteStores(connection));
        await sql`commit`.execute(connection);
        return result;
      } catch (error) {
        await sql`rollback`.execute(connection);
        throw error;
      }
    });
  return {
    async run<T>(work: (stores: Stores) => Promise<T>): Promise<T> {
      if (!wait) return transaction<T>(work, false);
      const deadline = Date.now() + wait.ms;
      for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
        try {
          return await transaction<T>(work, true);
        } catch (error) {
          if (!(error instanceof WriteLockBusy)) throw error;
          const left = deadline - Date.now();
          if (left <= 0)
            throw new AppError(
              'SERVICE_UNAVAILABLE',
              'The database is busy with another write (an import or a rollback); retry in a few seconds.',
            );
          await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
        }
      }
    },
  };
}

/** BEGIN IMMEDIATE; with `wait`, without waiting in SQLite's (blocking) busy handler: busy is `WriteLockBusy`. */
async function beginImmediate(connection: Kysely<Database>, wait: WriteWait | undefined): Promise<void> {
  if (!wait) return void (await sql`begin immediate`.execute(connection));
  const timeout = wait.sqlite.pragma('busy_timeout', { simple: true }) as number;
  wait.sqlite.pragma('busy_timeout = 0');
  try {
    await sql`begin immediate`.execute(connection);
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') throw new WriteLockBusy();
    throw error;
  } finally {
    wait.sqlite.pragma(`busy_timeout = ${timeout}`);
  }
}
