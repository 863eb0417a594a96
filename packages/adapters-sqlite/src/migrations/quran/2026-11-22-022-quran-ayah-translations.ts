import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quran_ayah_translations')
    .addColumn('surah', 'integer', (col) => col.notNull())
    .addColumn('ayah', 'integer', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('quran_ayah_translations_pk', ['surah', 'ayah', 'locale'])
    .addForeignKeyConstraint('quran_ayah_translations_ayah_fk', ['surah', 'ayah'], 'quran_ayahs', ['surah', 'ayah'])
    .modifyEnd(sql`without rowid`)
    .execute();
  // Downloads read one language across the whole Quran.
  await db.schema
    .createIndex('quran_ayah_translations_locale')
    .on('quran_ayah_translations')
    .columns(['locale', 'surah', 'ayah'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quran_ayah_translations').execute();
}
