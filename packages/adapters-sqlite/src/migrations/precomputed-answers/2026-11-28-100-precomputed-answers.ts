import type { Kysely } from 'kysely';

/**
 * Answers computed ahead of their requests, one row per key and encoding, with the content versions they were
 * computed at. Not content: no trigger raises a content version when they change (they are not in
 * `TABLES_BY_AREA`). Dated after every earlier migration, which Kysely requires of a database that ran them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('precomputed_answers')
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('encoding', 'text', (col) => col.notNull())
    .addColumn('versions', 'text', (col) => col.notNull())
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('length', 'integer', (col) => col.notNull())
    .addColumn('meta', 'text', (col) => col.notNull())
    .addColumn('bytes', 'blob', (col) => col.notNull())
    .addPrimaryKeyConstraint('precomputed_answers_pk', ['key', 'encoding'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('precomputed_answers').execute();
}
