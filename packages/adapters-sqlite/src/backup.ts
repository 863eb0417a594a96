import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

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
