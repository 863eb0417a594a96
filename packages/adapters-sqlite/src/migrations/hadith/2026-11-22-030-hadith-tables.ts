import { sql, type Kysely } from 'kysely';

/**
 * Collections, their books, hadiths and translations. A page `where number > ? order by number
 * limit ?` is one range read of the (collection, number) primary-key index, as cheap deep in a
 * collection as at its start. Hadiths and translations stay rowid tables: their rows (kilobytes
 * of Arabic) would leave half of every page empty in a WITHOUT ROWID b-tree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hadith_collections')
    .addColumn('slug', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('hadith_books')
    .addColumn('collection', 'text', (col) => col.notNull().references('hadith_collections.slug').onDelete('cascade'))
    .addColumn('number', 'real', (col) => col.notNull())
    .addColumn('name_en', 'text', (col) => col.notNull())
    .addColumn('name_ar', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('hadith_books_pk', ['collection', 'number'])
    .modifyEnd(sql`without rowid`)
    .execute();

  await db.schema
    .createTable('hadiths')
    .addColumn('collection', 'text', (col) => col.notNull().references('hadith_collections.slug').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull().check(sql`number > 0`))
    .addColumn('text_ar', 'text')
    .addColumn('narrator', 'text')
    .addColumn('grade', 'text')
    .addColumn('tags_json', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('notes', 'text')
    .addColumn('published', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`published in (0, 1)`),
    )
    .addColumn('book_number', 'real')
    .addColumn('source_hash', 'text')
    .addPrimaryKeyConstraint('hadiths_pk', ['collection', 'number'])
    .execute();
  // Readers' pages and the published totals read only published hadiths.
  await sql`create index hadiths_published on hadiths (collection, number) where published = 1`.execute(db);

  await db.schema
    .createTable('hadith_translations')
    .addColumn('collection', 'text', (col) => col.notNull())
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('locale', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('hadith_translations_pk', ['collection', 'number', 'locale'])
    .addForeignKeyConstraint(
      'hadith_translations_hadith_fk',
      ['collection', 'number'],
      'hadiths',
      ['collection', 'number'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hadith_translations').execute();
  await db.schema.dropTable('hadiths').execute();
  await db.schema.dropTable('hadith_books').execute();
  await db.schema.dropTable('hadith_collections').execute();
}
