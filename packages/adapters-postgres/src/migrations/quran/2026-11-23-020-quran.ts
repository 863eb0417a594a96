import { sql, type Kysely } from 'kysely';
import { TEXT } from '../column-types.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quran_surahs')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name_ar', TEXT, (col) => col.notNull())
    .addColumn('name_en', TEXT, (col) => col.notNull())
    .addColumn('transliteration', TEXT, (col) => col.notNull())
    .addColumn('revelation_type', TEXT, (col) => col.notNull().check(sql`revelation_type in ('meccan', 'medinan')`))
    .addColumn('ayah_count', 'integer', (col) => col.notNull().check(sql`ayah_count > 0`))
    .execute();

  await db.schema
    .createTable('quran_ayahs')
    .addColumn('surah', 'integer', (col) => col.notNull().references('quran_surahs.id'))
    .addColumn('ayah', 'integer', (col) => col.notNull().check(sql`ayah > 0`))
    .addColumn('text_ar', TEXT, (col) => col.notNull())
    .addColumn('tags_json', TEXT, (col) => col.notNull().defaultTo('[]'))
    .addColumn('notes', TEXT)
    .addColumn('published', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`published in (0, 1)`),
    )
    .addPrimaryKeyConstraint('quran_ayahs_pk', ['surah', 'ayah'])
    .execute();

  await db.schema
    .createTable('quran_ayah_translations')
    .addColumn('surah', 'integer', (col) => col.notNull())
    .addColumn('ayah', 'integer', (col) => col.notNull())
    .addColumn('locale', TEXT, (col) => col.notNull())
    .addColumn('text', TEXT, (col) => col.notNull())
    .addColumn('updated_at', TEXT, (col) => col.notNull())
    .addPrimaryKeyConstraint('quran_ayah_translations_pk', ['surah', 'ayah', 'locale'])
    .addForeignKeyConstraint('quran_ayah_translations_ayah_fk', ['surah', 'ayah'], 'quran_ayahs', ['surah', 'ayah'])
    .execute();
  // Downloads read one language across the whole Quran.
  await db.schema
    .createIndex('quran_ayah_translations_locale')
    .on('quran_ayah_translations')
    .columns(['locale', 'surah', 'ayah'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['quran_ayah_translations', 'quran_ayahs', 'quran_surahs'])
    await db.schema.dropTable(table).execute();
}
