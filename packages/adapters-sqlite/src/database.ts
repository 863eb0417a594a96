import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SqliteDialectWithLiteralLimits } from './literal-limits.js';
import type { Database } from './schema.js';
import { registerSearchFunctions } from './search/search-functions.js';
import { withStatementCache } from './statement-cache.js';

export interface SqliteDatabase {
  db: Kysely<Database>;
  /** The raw connection, for what Kysely does not do: online backup, integrity checks. */
  sqlite: BetterSqlite3.Database;
  file: string;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * The connection's page cache, in KiB (SQLite's `cache_size`); better-sqlite3 builds SQLite with 16,000 (16 MB a
   * connection, filled by the bench mix's reads). A server bounds it from MEMORY_BUDGET_MB (memory-budget.ts).
   */
  cacheKibibytes?: number;
}

/**
 * Opens (creating if needed) the database file with the settings every process must share:
 * WAL so readers never block the writer, enforced foreign keys, a busy timeout so the CLI and
 * the server can write to one file, and FULL sync so an acknowledged write survives a power cut.
 * The file is read, never mapped (`mmap_size = 0`, SQLite's default, said here so that it stays): mapped pages
 * would count in the process's resident memory, outside the page cache's bound, up to the file's size.
 */
export function openDatabase(file: string, options: OpenOptions = {}): SqliteDatabase {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('mmap_size = 0');
  if (options.cacheKibibytes !== undefined) sqlite.pragma(`cache_size = -${Math.floor(options.cacheKibibytes)}`);
  registerSearchFunctions(sqlite);
  const dialect = new SqliteDialectWithLiteralLimits({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({ dialect });
  return { db, sqlite, file, close: () => db.destroy() };
}
