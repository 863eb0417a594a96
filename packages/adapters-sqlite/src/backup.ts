import BetterSqlite3 from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkBackupSchema, keysNewToDatabase, type KeyInBackup } from './backup-check.js';
import { serverHoldingDatabase } from './server-lock.js';

/** Backups and restored files hold key hashes, the audit log and e-mail addresses: the owner's alone. */
const OWNER_ONLY = 0o600;

/** Creates (or truncates) `file` readable and writable by its owner alone, before anything is written to it. */
function createOwnerOnly(file: string): void {
  closeSync(openSync(file, 'w', OWNER_ONLY));
  chmodSync(file, OWNER_ONLY);
}

/** Pages per backup step: all of them, so that the copy is made in one step. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the live database with SQLite's online backup API (safe while the server writes), then
 * opens the copy and checks its integrity. The pages are copied in one step, within one read
 * transaction: a point-in-time copy that WAL lets the server keep writing through. (In small
 * steps, every write the server commits between two steps restarts the copy, so under a steady
 * load the backup of a large file would never finish.)
 */
export async function backupDatabase(
  sqlite: BetterSqlite3.Database,
  destination: string,
): Promise<{ pages: number; integrity: string }> {
  if (path.resolve(destination) === path.resolve(sqlite.name))
    throw new Error(`${destination} is the database itself; back up to another file.`);
  if (existsSync(destination) && statSync(destination).isDirectory())
    throw new Error(`${destination} is a directory; give the backup a file name.`);
  mkdirSync(path.dirname(path.resolve(destination)), { recursive: true });
  createOwnerOnly(destination);
  const { totalPages } = await sqlite.backup(destination, { progress: () => ALL_PAGES });
  chmodSync(destination, OWNER_ONLY);
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

/** A backup's usable keys that the database being replaced does not have: restored only when accepted. */
export class UnknownKeysInBackup extends Error {
  constructor(readonly keys: KeyInBackup[]) {
    super(
      `The backup holds ${keys.length} usable key(s) this database does not have; a crafted file could carry its ` +
        'own keys. If you made this backup, run db restore again with --accept-keys.',
    );
    this.name = 'UnknownKeysInBackup';
  }
}

/**
 * Replaces the database file with a backup. Refuses while a server serves the file; the backup
 * must pass integrity_check, have this version's migration history (or a first part of it) and exactly the
 * schema those migrations create (`checkBackupSchema`), and usable keys the current database does not have are
 * refused unless `acceptKeys`; the swap is a rename, so a failure leaves the old file in place. The restored
 * file is its owner's alone (0600).
 */
export async function restoreDatabase(
  backupFile: string,
  databaseFile: string,
  options: { acceptKeys?: boolean; now?: Date } = {},
): Promise<{ pages: number; newKeys: KeyInBackup[] }> {
  const holder = serverHoldingDatabase(databaseFile);
  if (holder !== null)
    throw new Error(`A server (pid ${holder}) is serving ${databaseFile}; stop it before restoring.`);
  if (!existsSync(backupFile) || statSync(backupFile).isDirectory())
    throw new Error(`There is no backup file ${backupFile}.`);
  if (path.resolve(backupFile) === path.resolve(databaseFile))
    throw new Error(`${backupFile} is the database itself; restore from a backup file.`);
  const source = new BetterSqlite3(backupFile, { readonly: true, fileMustExist: true });
  const staging = `${databaseFile}.restoring`;
  try {
    const integrity = integrityCheck(source);
    if (integrity !== 'ok') throw new Error(`${backupFile} fails integrity_check: ${integrity}`);
    await checkBackupSchema(source, backupFile);
    const newKeys = keysNewToDatabase(source, databaseFile, options.now ?? new Date());
    if (newKeys.length > 0 && !options.acceptKeys) throw new UnknownKeysInBackup(newKeys);
    mkdirSync(path.dirname(path.resolve(databaseFile)), { recursive: true });
    rmSync(staging, { force: true });
    createOwnerOnly(staging);
    const { totalPages } = await source.backup(staging);
    chmodSync(staging, OWNER_ONLY);
    // The old file's write-ahead log must not be replayed onto the restored file.
    for (const suffix of ['-wal', '-shm']) rmSync(databaseFile + suffix, { force: true });
    renameSync(staging, databaseFile);
    return { pages: totalPages, newKeys };
  } finally {
    source.close();
    rmSync(staging, { force: true });
  }
}
