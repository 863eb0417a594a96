import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quran_surahs')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('transliteration', 'text', (col) => col.notNull())
    .addColumn('revelation_type', 'text', (col) => col.notNull().check(sql`revelation_type in ('meccan', 'medinan')`))
    .addColumn('ayah_count', 'integer', (col) => col.notNull().check(sql`ayah_count > 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quran_surahs').execute();
}
