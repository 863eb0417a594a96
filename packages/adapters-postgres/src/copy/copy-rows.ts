import { fromMosqueRow, type MosquesTable } from '@islamic-data/adapters-kysely';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { indexSearchText, SEARCHED_TABLES } from '../search/search-vector.js';
import { toMosqueRow } from '../tables/mosques/mosques.table.js';

/**
 * What `db copy` moves from a SQLite deployment, parents before children: keys and key requests, the audit log,
 * editions, the Quran, the Hadith and the mosques. Their columns are named as in SQLite. Precomputed answers are
 * left behind: they are recomputed (and their versions are SQLite's, which the copy does not carry over).
 */
export const COPIED_TABLES = [
  'api_keys',
  'key_requests',
  'audit_log',
  'editions',
  'quran_surahs',
  'quran_ayahs',
  'quran_ayah_translations',
  'quran_surah_facts',
  'quran_ayah_scripts',
  'quran_words',
  'hadith_collections',
  'hadith_books',
  'hadiths',
  'hadith_translations',
  'hadith_number_keys',
  'mosques',
] as const satisfies readonly (keyof Database)[];

export type CopiedTable = (typeof COPIED_TABLES)[number];

/** PostgreSQL binds at most 65,535 parameters a statement. */
const MAX_PARAMETERS = 60_000;

// Rows of any copied table: their shape is the table's, as SQLite stored it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRow = Record<string, any>;

export async function countRows(db: Kysely<Database>, table: CopiedTable): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return rows[0]!.n;
}

/** Refuses a database that holds any row of a copied table: a copy goes into an empty database only. */
export async function assertNothingToOverwrite(db: Kysely<Database>): Promise<void> {
  for (const table of COPIED_TABLES) {
    const count = await countRows(db, table);
    if (count > 0) throw new Error(`The target database is not empty: ${table} has ${count} rows.`);
  }
}

/**
 * Inserts rows as read from the SQLite table of the same name; a mosque gets its search lexemes here, a
 * Quran or Hadith text its search vector (SQLite's own search tables are not copied: their content is
 * derived). Content versions are not copied either: the triggers raise them as the rows arrive.
 */
export async function insertCopiedRows(trx: Kysely<Database>, table: CopiedTable, rows: AnyRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values =
    table === 'mosques'
      ? rows.map((row) => ({
          id: row.id as number,
          ...toMosqueRow(fromMosqueRow(row as MosquesTable & { id: number })),
        }))
      : rows;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(values[0]!).length));
  for (let start = 0; start < values.length; start += perStatement)
    await (trx as unknown as Kysely<AnyRow>)
      .insertInto(table)
      .values(values.slice(start, start + perStatement))
      .execute();
}

/**
 * Once every row is copied: the search vectors of the copied texts are built (once, not per chunk), and the
 * identity columns continue after the highest copied id (ids were copied as they were).
 */
export async function finishCopy(trx: Kysely<Database>): Promise<void> {
  for (const resource of Object.keys(SEARCHED_TABLES) as (keyof typeof SEARCHED_TABLES)[])
    await indexSearchText(trx, resource);
  for (const table of ['audit_log', 'mosques'] as const)
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false)
      from ${sql.table(table)}`.execute(trx);
}

/**
 * After the copy, outside its transaction: marks the copied rows' pages visible to all and gathers the planner's
 * statistics. Without it the first queries are planned on empty-table estimates, and autovacuum does the same work
 * a minute later, under whatever load the new deployment has by then.
 */
export async function vacuumAnalyze(db: Kysely<Database>): Promise<void> {
  await sql`vacuum (analyze)`.execute(db);
}
