import { readContentVersions } from '@islamic-data/adapters-kysely';
import { zeroVersions, type ContentVersions, type ContentVersionVector } from '@islamic-data/core';
import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Reads the version rows only when the connection has learnt of a commit since it last read them: SQLite's
 * `data_version` changes when another connection (the CLI, another process) commits, and `total_changes()`
 * when this one writes. The probe runs on the raw connection (a few microseconds); the rows are read through
 * Kysely, which waits for a transaction of this connection in progress, so they are always committed ones.
 */
export function sqliteContentVersions(db: Kysely<Database>, sqlite: BetterSqlite3.Database): ContentVersions {
  // Two statements: the pragma as a table-valued function costs more than both together.
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  const totalChanges = sqlite.prepare('select total_changes()').pluck();
  let seen = '';
  let versions: ContentVersionVector = zeroVersions();
  return {
    async current() {
      const now = `${dataVersion.get() as number}:${totalChanges.get() as number}`;
      if (now === seen) return versions;
      [seen, versions] = [now, await readContentVersions(db)];
      return versions;
    },
  };
}
