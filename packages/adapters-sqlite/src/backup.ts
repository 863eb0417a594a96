import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { serverHoldingDatabase } from './server-lock.js';

/**
 * Copies the live database with SQLite's online backup API (safe while the server writes), then
 * opens the copy and checks its integrity.
 */
export async function backupDatabase(
  sqlite: BetterSqlite3.Database,
  destination: string,
): Promise<{ pages: number; integrity: string }> {
  mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  const { totalPages } = await sqlite.backup(destination);
  const copy = new BetterSqlite3(destination, { readonly: true });
  try {
    return { pages: totalPages, integrity: integrityCheck(copy) };
  } finally {
    copy.close();
  }
}

export function integrityCheck(sqlite: BetterSqlite3.Database): string {
  return sqlite.pragma('integrity_check', { simple: true }) as string;
}

/**
 * Replaces the database file with a backup. Refuses while a server serves the file; the backup
 * must pass integrity_check; the swap is a rename, so a failure leaves the old file in place.
 */
export async function restoreDatabase(backupFile: string, databaseFile: string): Promise<{ pages: number }> {
  const holder = serverHoldingDatabase(databaseFile);
  if (holder !== null) throw new Error(`A server (pid ${holder}) is serving ${databaseFile}; stop it before restoring.`);
  const source = new BetterSqlite3(backupFile, { readonly: true, fileMustExist: true });
  const staging = `${databaseFile}.restoring`;
  try {
    const integrity = integrityCheck(source);
    if (integrity !== 'ok') throw new Error(`${backupFile} fails integrity_check: ${integrity}`);
    mkdirSync(path.dirname(path.resolve(databaseFile)), { recursive: true });
    rmSync(staging, { force: true });
    const { totalPages } = await source.backup(staging);
    // The old file's write-ahead log must not be replayed onto the restored file.
    for (const suffix of ['-wal', '-shm']) rmSync(databaseFile + suffix, { force: true });
    renameSync(staging, databaseFile);
    return { pages: totalPages };
  } finally {
    source.close();
    rmSync(staging, { force: true });
  }
}
