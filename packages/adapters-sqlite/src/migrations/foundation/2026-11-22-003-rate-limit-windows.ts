import type { Kysely } from 'kysely';

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
