import {
  COPIED_TABLES,
  assertNothingToOverwrite,
  finishCopy,
  countRows,
  insertCopiedRows,
  migrateToLatest,
  openPostgresDatabase,
  vacuumAnalyze,
} from '@islamic-data/adapters-postgres';
import { countTableRows, inReadSnapshot, tableRows, type SqliteDatabase } from '@islamic-data/adapters-sqlite';

export interface CopyReport {
  /** The target URL without its password. */
  target: string;
  /** Rows of each table, equal in the source and the target. */
  rows: Record<string, number>;
  ms: number;
}

/**
 * Copies every table of a SQLite deployment into an empty PostgreSQL database (migrated first), in
 * one PostgreSQL transaction from one SQLite read snapshot, then checks that each table holds as
 * many rows on both sides and vacuums and analyzes them. A failure leaves the target as empty as it was.
 */
export async function copyToPostgres(source: SqliteDatabase, url: string): Promise<CopyReport> {
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error('--to must be a URL starting with postgres:// or postgresql://.');
  const target = openPostgresDatabase(url);
  try {
    const started = Date.now();
    await migrateToLatest(target.db);
    await assertNothingToOverwrite(target.db);
    const expected = await inReadSnapshot(source, async () => {
      const counts: Record<string, number> = {};
      await target.db.transaction().execute(async (trx) => {
        for (const table of COPIED_TABLES) {
          counts[table] = countTableRows(source, table);
          for (const rows of tableRows(source, table)) await insertCopiedRows(trx, table, rows);
        }
        await finishCopy(trx);
      });
      return counts;
    });
    for (const table of COPIED_TABLES) {
      const copied = await countRows(target.db, table);
      if (copied !== expected[table])
        throw new Error(`${table}: ${expected[table]} rows in SQLite but ${copied} in PostgreSQL after the copy.`);
    }
    await vacuumAnalyze(target.db);
    return { target: target.name, rows: expected, ms: Date.now() - started };
  } finally {
    await target.close();
  }
}
