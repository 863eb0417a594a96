import { sql, type Kysely } from 'kysely';
import { TEXT } from '../column-types.js';

/**
 * Collections, their books, hadiths (keyed by their place, `sequence`, and cited by `number`),
 * translations, and every spelling a number resolves from. A page `where sequence > ? order by
 * sequence limit ?` is one range read of the (collection, sequence) primary key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hadith_collections')
    .addColumn('slug', TEXT, (col) => col.primaryKey())
    .addColumn('name', TEXT, (col) => col.notNull())
    .addColumn('name_ar', TEXT, (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('numbering', TEXT, (col) => col.notNull().defaultTo('sequence'))
    .execute();

  await db.schema
    .createTable('hadith_books')
    .addColumn('collection', TEXT, (col) => col.notNull().references('hadith_collections.slug').onDelete('cascade'))
    .addColumn('number', 'double precision', (col) => col.notNull())
    .addColumn('name_en', TEXT, (col) => col.notNull())
    .addColumn('name_ar', TEXT, (col) => col.notNull())
    .addPrimaryKeyConstraint('hadith_books_pk', ['collection', 'number'])
    .execute();

  await db.schema
    .createTable('hadiths')
    .addColumn('collection', TEXT, (col) => col.notNull().references('hadith_collections.slug').onDelete('cascade'))
    .addColumn('sequence', 'integer', (col) => col.notNull().check(sql`sequence > 0`))
    .addColumn('number', TEXT, (col) => col.notNull())
    .addColumn('citation', TEXT, (col) => col.notNull())
    .addColumn('in_book_book', 'integer')
    .addColumn('in_book_hadith', 'integer')
    .addColumn('imported_grade', TEXT)
    .addColumn('text_ar', TEXT)
    .addColumn('narrator', TEXT)
    .addColumn('grade', TEXT)
    .addColumn('tags_json', TEXT, (col) => col.notNull().defaultTo('[]'))
    .addColumn('notes', TEXT)
    .addColumn('published', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`published in (0, 1)`),
    )
    .addColumn('book_number', 'double precision')
    .addColumn('source_hash', TEXT)
    .addPrimaryKeyConstraint('hadiths_pk', ['collection', 'sequence'])
    .execute();
  // Readers' pages and the published totals read only published hadiths.
  await sql`create index hadiths_published on hadiths (collection, sequence) where published = 1`.execute(db);

  await db.schema
    .createTable('hadith_translations')
    .addColumn('collection', TEXT, (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addColumn('locale', TEXT, (col) => col.notNull())
    .addColumn('text', TEXT, (col) => col.notNull())
    .addColumn('updated_at', TEXT, (col) => col.notNull())
    .addPrimaryKeyConstraint('hadith_translations_pk', ['collection', 'sequence', 'locale'])
    .addForeignKeyConstraint(
      'hadith_translations_hadith_fk',
      ['collection', 'sequence'],
      'hadiths',
      ['collection', 'sequence'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('hadith_number_keys')
    .addColumn('collection', TEXT, (col) => col.notNull().references('hadith_collections.slug').onDelete('cascade'))
    .addColumn('key', TEXT, (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('hadith_number_keys_pk', ['collection', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['hadith_number_keys', 'hadith_translations', 'hadiths', 'hadith_books', 'hadith_collections'])
    await db.schema.dropTable(table).execute();
}
