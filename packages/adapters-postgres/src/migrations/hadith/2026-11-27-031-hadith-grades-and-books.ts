import type { Kysely } from 'kysely';

/**
 * CONTRACT §21: every grader the source names (`imported_grades`, JSON `[{grade, grader}]`, written by
 * the next import; null until then), and an index that pages one book's hadiths in order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hadiths').addColumn('imported_grades', 'text').execute();
  await db.schema
    .createIndex('hadiths_by_book')
    .on('hadiths')
    .columns(['collection', 'book_number', 'sequence'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('hadiths_by_book').execute();
  await db.schema.alterTable('hadiths').dropColumn('imported_grades').execute();
}
