import type { HadithBook, HadithCollectionInfo, HadithImportStore, ImportedHadith } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import type { TextSearchDialect } from '../dialect.js';
import { toHadithBookRow } from '../tables/hadith/hadith-books.table.js';
import { toHadithCollectionRow } from '../tables/hadith/hadith-collections.table.js';
import { toHadithTranslationRow } from '../tables/hadith/hadith-translations.table.js';
import { toImportedHadithRow } from '../tables/hadith/hadiths.table.js';

/** What a hadith import writes, over the same tables as kyselyHadithStore. */
export function kyselyHadithImportStore<DB extends SharedDatabase>(
  db: Kysely<DB>,
  search: TextSearchDialect<DB>,
): HadithImportStore {
  const trx = sharedTables(db);
  return {
    async saveCollectionInfo(info: HadithCollectionInfo) {
      const { slug: _slug, ...names } = toHadithCollectionRow(info);
      await trx
        .insertInto('hadith_collections')
        .values(toHadithCollectionRow(info))
        .onConflict((oc) => oc.column('slug').doUpdateSet(names))
        .execute();
    },

    async replaceBooks(collection: string, books: HadithBook[]) {
      await trx.deleteFrom('hadith_books').where('collection', '=', collection).execute();
      if (books.length > 0)
        await trx
          .insertInto('hadith_books')
          .values(books.map((book) => toHadithBookRow(collection, book)))
          .execute();
    },

    async sourceHashes(collection: string) {
      const rows = await trx
        .selectFrom('hadiths')
        .select(['sequence', 'source_hash'])
        .where('collection', '=', collection)
        .execute();
      return new Map(rows.map((row) => [row.sequence, row.source_hash] as const));
    },

    async writeImported(collection: string, hadiths: ImportedHadith[], updatedAt: string) {
      if (hadiths.length === 0) return;
      await trx
        .insertInto('hadiths')
        .values(hadiths.map((hadith) => toImportedHadithRow(collection, hadith)))
        .onConflict((oc) =>
          oc.columns(['collection', 'sequence']).doUpdateSet((eb) => ({
            // A grade set through the API (one that differs from what the last import wrote) stays.
            grade: sql<string | null>`case when hadiths.grade is not distinct from hadiths.imported_grade
              then excluded.grade else hadiths.grade end`,
            imported_grade: eb.ref('excluded.imported_grade'),
            imported_grades: eb.ref('excluded.imported_grades'),
            number: eb.ref('excluded.number'),
            citation: eb.ref('excluded.citation'),
            in_book_book: eb.ref('excluded.in_book_book'),
            in_book_hadith: eb.ref('excluded.in_book_hadith'),
            text_ar: eb.ref('excluded.text_ar'),
            narrator: eb.ref('excluded.narrator'),
            book_number: eb.ref('excluded.book_number'),
            source_hash: eb.ref('excluded.source_hash'),
          })),
        )
        .execute();
      const texts = hadiths.flatMap((hadith) =>
        Object.entries(hadith.translations).flatMap(([locale, text]) =>
          text === null ? [] : [toHadithTranslationRow(collection, hadith.sequence, { locale, text, updatedAt })],
        ),
      );
      if (texts.length > 0) {
        await trx
          .insertInto('hadith_translations')
          .values(texts)
          .onConflict((oc) =>
            oc
              .columns(['collection', 'sequence', 'locale'])
              .doUpdateSet((eb) => ({ text: eb.ref('excluded.text'), updated_at: eb.ref('excluded.updated_at') }))
              .where((eb) => eb('hadith_translations.text', '<>', eb.ref('excluded.text'))),
          )
          .execute();
      }
      const absent = new Map<string, number[]>();
      for (const hadith of hadiths) {
        for (const [locale, text] of Object.entries(hadith.translations))
          if (text === null) absent.set(locale, [...(absent.get(locale) ?? []), hadith.sequence]);
      }
      for (const [locale, sequences] of absent) {
        await trx
          .deleteFrom('hadith_translations')
          .where('collection', '=', collection)
          .where('locale', '=', locale)
          .where('sequence', 'in', sequences)
          .execute();
      }
      await search.indexWrittenTexts(db, 'hadith');
    },

    async deleteHadithsAfter(collection: string, lastSequence: number) {
      const result = await trx
        .deleteFrom('hadiths')
        .where('collection', '=', collection)
        .where('sequence', '>', lastSequence)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async numberKeys(collection: string) {
      const rows = await trx
        .selectFrom('hadith_number_keys')
        .select(['key', 'sequence'])
        .where('collection', '=', collection)
        .execute();
      return new Map(rows.map((row) => [row.key, row.sequence] as const));
    },

    async replaceNumberKeys(collection: string, keys: Map<string, number>) {
      await trx.deleteFrom('hadith_number_keys').where('collection', '=', collection).execute();
      const rows = [...keys].map(([key, sequence]) => ({ collection, key, sequence }));
      // SQLite binds at most 32,766 parameters per statement (PostgreSQL 65,535): three per row.
      for (let start = 0; start < rows.length; start += 5_000)
        await trx
          .insertInto('hadith_number_keys')
          .values(rows.slice(start, start + 5_000))
          .execute();
    },
  };
}
