import { sql, type Kysely } from 'kysely';

/**
 * Standard numbers (CONTRACT §10): a hadith's position becomes its `sequence` (still the key), and
 * it gains the `number` it is cited by, its citation and in-book reference, and the grade the last
 * import wrote (a stored grade that differs from it was set through the API and survives
 * re-imports). `hadith_number_keys` maps every spelling a number resolves from to its sequence.
 * Hadiths already stored keep their position as their number until the next import.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table hadiths rename column number to sequence`.execute(db);
  await sql`alter table hadith_translations rename column number to sequence`.execute(db);
  await db.schema
    .alterTable('hadith_collections')
    .addColumn('numbering', 'text', (col) => col.notNull().defaultTo('sequence'))
    .execute();
  await db.schema
    .alterTable('hadiths')
    .addColumn('number', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('hadiths')
    .addColumn('citation', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('hadiths').addColumn('in_book_book', 'integer').execute();
  await db.schema.alterTable('hadiths').addColumn('in_book_hadith', 'integer').execute();
  await db.schema.alterTable('hadiths').addColumn('imported_grade', 'text').execute();
  await sql`update hadiths set number = cast(sequence as text),
    citation = (select c.name from hadith_collections c where c.slug = hadiths.collection) || ' ' || sequence`.execute(
    db,
  );

  await db.schema
    .createTable('hadith_number_keys')
    .addColumn('collection', 'text', (col) => col.notNull().references('hadith_collections.slug').onDelete('cascade'))
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('sequence', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('hadith_number_keys_pk', ['collection', 'key'])
    .modifyEnd(sql`without rowid`)
    .execute();
  await sql`insert into hadith_number_keys (collection, key, sequence)
    select collection, cast(sequence as text), sequence from hadiths`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hadith_number_keys').execute();
  for (const column of ['imported_grade', 'in_book_hadith', 'in_book_book', 'citation', 'number'])
    await db.schema.alterTable('hadiths').dropColumn(column).execute();
  await db.schema.alterTable('hadith_collections').dropColumn('numbering').execute();
  await sql`alter table hadith_translations rename column sequence to number`.execute(db);
  await sql`alter table hadiths rename column sequence to number`.execute(db);
}
