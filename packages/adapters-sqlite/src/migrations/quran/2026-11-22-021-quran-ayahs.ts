import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // WITHOUT ROWID: rows are stored in (surah, ayah) order, so a surah's ayahs are one range read.
  await db.schema
    .createTable('quran_ayahs')
    .addColumn('surah', 'integer', (col) => col.notNull().references('quran_surahs.id'))
    .addColumn('ayah', 'integer', (col) => col.notNull().check(sql`ayah > 0`))
    .addColumn('text_ar', 'text', (col) => col.notNull())
    .addColumn('tags_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .addColumn('published', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`published in (0, 1)`),
    )
    .addPrimaryKeyConstraint('quran_ayahs_pk', ['surah', 'ayah'])
    .modifyEnd(sql`without rowid`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quran_ayahs').execute();
}
