import type { Kysely } from 'kysely';
import { TEXT } from '../column-types.js';

/**
 * Answers computed ahead of their requests, one row per key and encoding, with the content versions they were
 * computed at. Not content: no trigger raises a content version when they change (they are not in
 * `TABLES_BY_AREA`), and `db copy` does not copy them (they are recomputed). As in SQLite. Dated after every
 * earlier migration, which Kysely requires of a database that ran them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('precomputed_answers')
    .addColumn('key', TEXT, (col) => col.notNull())
    .addColumn('encoding', TEXT, (col) => col.notNull())
    .addColumn('versions', TEXT, (col) => col.notNull())
    .addColumn('tag', TEXT, (col) => col.notNull())
    .addColumn('length', 'integer', (col) => col.notNull())
    .addColumn('meta', TEXT, (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('precomputed_answers_pk', ['key', 'encoding'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('precomputed_answers').execute();
}
