import type { Kysely } from 'kysely';

/** Never used; 2026-11-26-007-drop-rate-limit-windows drops it again. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_windows')
    .addColumn('bucket', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'integer', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_windows').execute();
}
