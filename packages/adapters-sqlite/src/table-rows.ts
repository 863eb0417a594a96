import type { SqliteDatabase } from './database.js';

const TABLE_NAME = /^[a-z_]+$/;

function checked(table: string): string {
  if (!TABLE_NAME.test(table)) throw new Error(`Not a table name: '${table}'.`);
  return table;
}

/** Every row of `table` as stored, in batches of `size`, in rowid order (what `db copy` reads). */
export function* tableRows(
  database: SqliteDatabase,
  table: string,
  size = 1_000,
): Generator<Record<string, unknown>[]> {
  let batch: Record<string, unknown>[] = [];
  for (const row of database.sqlite.prepare(`select * from ${checked(table)}`).iterate()) {
    batch.push(row as Record<string, unknown>);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

export function countTableRows(database: SqliteDatabase, table: string): number {
  return (database.sqlite.prepare(`select count(*) as n from ${checked(table)}`).get() as { n: number }).n;
}

/**
 * Runs `work` inside one read transaction, so that everything it reads is one point in time (WAL
 * lets the server keep writing meanwhile).
 */
export async function inReadSnapshot<T>(database: SqliteDatabase, work: () => Promise<T>): Promise<T> {
  database.sqlite.exec('begin');
  try {
    return await work();
  } finally {
    database.sqlite.exec('commit');
  }
}
