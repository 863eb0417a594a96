import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, type SqliteDatabase } from '../src/index.js';

/**
 * Registers hooks that give each caller a new, migrated database file in a temporary folder,
 * closed and removed after the suite.
 */
export function freshDatabase(): () => Promise<SqliteDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-sqlite-'));
  const opened: SqliteDatabase[] = [];
  after(async () => {
    await Promise.all(opened.map((database) => database.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  return async () => {
    const database = openDatabase(path.join(dir, `test-${opened.length + 1}.db`));
    opened.push(database);
    await migrateToLatest(database.db);
    return database;
  };
}
