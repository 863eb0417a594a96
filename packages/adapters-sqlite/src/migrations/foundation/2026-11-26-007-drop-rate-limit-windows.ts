import type { Kysely } from 'kysely';

/**
 * Drops the rate-limit windows of 2026-11-22-003: no limiter ever counted in the database (the server
 * counts in memory, in the cluster primary or in Redis), so the table only ever stayed empty.
 * That migration keeps its name and its body, because databases that ran it must still find it and a
 * new database must replay the same history; this one removes what it made, wherever it made it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').ifExists().execute();
}

/** Puts the empty table back as 2026-11-22-003 made it, so that migrating further down still finds it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('bucket', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'integer', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
}
