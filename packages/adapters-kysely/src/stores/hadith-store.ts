import {
  ARABIC_LOCALE,
  type HadithMetadata,
  type HadithPickFilter,
  type HadithQuery,
  type HadithStore,
  type Translation,
} from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import type { TextSearchDialect } from '../dialect.js';
import { fromHadithBookRow } from '../tables/hadith/hadith-books.table.js';
import { fromHadithCollectionRow } from '../tables/hadith/hadith-collections.table.js';
import {
  fromTranslationRow,
  joinedTranslations,
  NO_JOINED_TRANSLATIONS,
  type JoinedTranslationColumns,
} from '../tables/content-columns.js';
import { toHadithTranslationRow } from '../tables/hadith/hadith-translations.table.js';
import {
  fromHadithRow,
  HADITH_COLUMNS,
  toHadithMetadataRow,
  type HadithWithBookRow,
} from '../tables/hadith/hadiths.table.js';
import { preparedQuery, preparedWithList } from './prepared-query.js';

/** Written literally (not as a parameter) so that the planner can use the partial index on published hadiths. */
const PUBLISHED = sql<boolean>`h.published = 1`;

export function kyselyHadithStore<DB extends SharedDatabase>(
  db: Kysely<DB>,
  search: TextSearchDialect<DB>,
): HadithStore {
  const trx = sharedTables(db);
  const hadithsWithBooks = () =>
    trx
      .selectFrom('hadiths as h')
      .leftJoin('hadith_books as b', (join) =>
        join.onRef('b.collection', '=', 'h.collection').onRef('b.number', '=', 'h.book_number'),
      )
      .select(HADITH_COLUMNS.map((column) => `h.${column}` as const))
      .select(['b.name_en as book_name_en', 'b.name_ar as book_name_ar']);

  /** The hadiths a pick chooses among (every one has its collection: the foreign key cascades). */
  const picked = (filter: HadithPickFilter) => {
    let select = trx.selectFrom('hadiths as h');
    if (filter.collection !== undefined) select = select.where('h.collection', '=', filter.collection);
    if (!filter.includeUnpublished) select = select.where(PUBLISHED);
    if (filter.maxLength !== undefined)
      select = select.where('h.text_ar', 'is not', null).where(sql<number>`length(h.text_ar)`, '<=', filter.maxLength);
    return select;
  };

  /**
   * Hadiths with their translations (`locales`: those only; none when empty) in the same read, a row per
   * translation by locale: one round trip to a database server where two were made.
   */
  const withTranslationsJoined = (locales: string[] | undefined) => {
    if (locales?.length === 0) return hadithsWithBooks().select(NO_JOINED_TRANSLATIONS);
    return hadithsWithBooks()
      .leftJoin('hadith_translations as t', (join) => {
        const on = join.onRef('t.collection', '=', 'h.collection').onRef('t.sequence', '=', 'h.sequence');
        return locales ? on.on('t.locale', 'in', locales) : on;
      })
      .select(['t.locale as translation_locale', 't.text as translation_text'])
      .orderBy('t.locale');
  };
  const hadithAt = preparedWithList(trx, ([collection, sequence]: [string, number], locales: string[] | undefined) =>
    withTranslationsJoined(locales).where('h.collection', '=', collection).where('h.sequence', '=', sequence),
  );
  const hadithByNumber = preparedWithList(trx, ([collection, key]: [string, string], locales: string[] | undefined) =>
    withTranslationsJoined(locales)
      .where('h.collection', '=', collection)
      .where('h.sequence', '=', (eb) =>
        eb
          .selectFrom('hadith_number_keys')
          .select('sequence')
          .where('collection', '=', collection)
          .where('key', '=', key),
      ),
  );
  const hadithOf = (rows: (HadithWithBookRow & JoinedTranslationColumns)[]) =>
    rows[0] && fromHadithRow(rows[0], joinedTranslations(rows));
  const numberKey = preparedQuery(trx, (collection: string, key: string) =>
    trx.selectFrom('hadith_number_keys').select('sequence').where('collection', '=', collection).where('key', '=', key),
  );
  const collectionInfo = preparedQuery(trx, (slug: string) =>
    trx.selectFrom('hadith_collections').selectAll().where('slug', '=', slug),
  );

  const translationsBetween = preparedWithList(
    trx,
    ([collection, first, last]: [string, number, number], locales: string[] | undefined) => {
      let select = trx
        .selectFrom('hadith_translations')
        .select(['sequence', 'locale', 'text'])
        .where('collection', '=', collection)
        .where('sequence', '>=', first)
        .where('sequence', '<=', last);
      if (locales !== undefined) select = select.where('locale', 'in', locales);
      return select.orderBy('sequence').orderBy('locale');
    },
  );

  /** The translations of a run of hadiths, read as one range of the primary key. */
  async function withTranslations(rows: HadithWithBookRow[], query: HadithQuery) {
    const bySequence = new Map<number, Record<string, string>>(rows.map((row) => [row.sequence, {}]));
    if (rows.length > 0 && query.locales?.length !== 0) {
      const { collection, sequence: first } = rows[0]!;
      const range: [string, number, number] = [collection, first, rows.at(-1)!.sequence];
      for (const translation of await translationsBetween(range, query.locales)) {
        const translations = bySequence.get(translation.sequence);
        if (translations) translations[translation.locale] = translation.text;
      }
    }
    return rows.map((row) => fromHadithRow(row, bySequence.get(row.sequence)!));
  }

  return {
    async listCollections(slug?: string) {
      let query = trx
        .selectFrom('hadith_collections as c')
        .select(['c.slug', 'c.name', 'c.name_ar', 'c.numbering'])
        .select((eb) =>
          eb
            .selectFrom('hadiths as h')
            .select((count) => count.fn.countAll<number>().as('total'))
            .whereRef('h.collection', '=', 'c.slug')
            .where(PUBLISHED)
            .as('total'),
        )
        .orderBy('c.position')
        .orderBy('c.slug');
      if (slug !== undefined) query = query.where('c.slug', '=', slug);
      const rows = await query.execute();
      return rows.map((row) => ({
        slug: row.slug,
        name: row.name,
        nameAr: row.name_ar,
        total: Number(row.total ?? 0),
        numbering: row.numbering,
      }));
    },

    async getCollectionInfo(slug: string) {
      const [row] = await collectionInfo(slug);
      return row && fromHadithCollectionRow(row);
    },

    async listBooks(collection: string) {
      const rows = await trx
        .selectFrom('hadith_books')
        .selectAll()
        .where('collection', '=', collection)
        .orderBy('number')
        .execute();
      return rows.map(fromHadithBookRow);
    },

    async listBookSummaries(collection: string) {
      const spans = await trx
        .selectFrom('hadiths as h')
        .innerJoin('hadith_books as b', (join) =>
          join.onRef('b.collection', '=', 'h.collection').onRef('b.number', '=', 'h.book_number'),
        )
        .select(['b.number', 'b.name_en', 'b.name_ar'])
        .select((eb) => [
          eb.fn.min('h.sequence').as('first'),
          eb.fn.max('h.sequence').as('last'),
          eb.fn.countAll().as('count'),
        ])
        .where('h.collection', '=', collection)
        .where(PUBLISHED)
        .groupBy(['b.number', 'b.name_en', 'b.name_ar'])
        .orderBy('b.number')
        .execute();
      if (spans.length === 0) return [];
      const sequences = spans.flatMap((span) => [Number(span.first), Number(span.last)]);
      const numbers = new Map(
        (
          await trx
            .selectFrom('hadiths')
            .select(['sequence', 'number'])
            .where('collection', '=', collection)
            .where('sequence', 'in', sequences)
            .execute()
        ).map((row) => [row.sequence, row.number] as const),
      );
      return spans.map((span) => ({
        ...fromHadithBookRow({ collection, number: span.number, name_en: span.name_en, name_ar: span.name_ar }),
        firstNumber: numbers.get(Number(span.first))!,
        lastNumber: numbers.get(Number(span.last))!,
        count: Number(span.count),
      }));
    },

    async resolveNumber(collection: string, key: string) {
      const [row] = await numberKey(collection, key);
      return row?.sequence;
    },

    async getHadithByNumber(collection: string, key: string, query: HadithQuery = {}) {
      return hadithOf(await hadithByNumber([collection, key], query.locales));
    },

    async getHadith(collection: string, sequence: number, query: HadithQuery = {}) {
      return hadithOf(await hadithAt([collection, sequence], query.locales));
    },

    async listHadiths(collection, query) {
      let select = hadithsWithBooks().where('h.collection', '=', collection).where('h.sequence', '>', query.startAfter);
      if (!query.includeUnpublished) select = select.where(PUBLISHED);
      if (query.book !== undefined) select = select.where('h.book_number', '=', query.book);
      return withTranslations(await select.orderBy('h.sequence').limit(query.limit).execute(), query);
    },

    async countHadiths(filter) {
      const row = await picked(filter)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async nthHadith(filter, n, query = {}) {
      const hadiths = picked(filter).select(['h.collection', 'h.sequence']);
      // One collection is counted through in its own order, along the index of its published hadiths (joined to the
      // collections and sorted, a random hadith of one took 2 ms of PostgreSQL's time); all of them in the
      // collections' order, then each one's.
      const found = await (filter.collection !== undefined
        ? hadiths.orderBy('h.sequence').limit(1).offset(n).executeTakeFirst()
        : hadiths
            .innerJoin('hadith_collections as c', 'c.slug', 'h.collection')
            .orderBy('c.position')
            .orderBy('c.slug')
            .orderBy('h.sequence')
            .limit(1)
            .offset(n)
            .executeTakeFirst());
      return found && this.getHadith(found.collection, found.sequence, query);
    },

    async listPublishedTexts(collection: string, locale: string) {
      if (locale === ARABIC_LOCALE) {
        const rows = await trx
          .selectFrom('hadiths as h')
          .select(['h.sequence', 'h.number', 'h.text_ar'])
          .where('h.collection', '=', collection)
          .where(PUBLISHED)
          .where('h.text_ar', 'is not', null)
          .orderBy('h.sequence')
          .execute();
        return rows.map((row) => ({ sequence: row.sequence, number: row.number, text: row.text_ar! }));
      }
      return trx
        .selectFrom('hadith_translations as t')
        .innerJoin('hadiths as h', (join) =>
          join.onRef('h.collection', '=', 't.collection').onRef('h.sequence', '=', 't.sequence'),
        )
        .select(['t.sequence', 'h.number', 't.text'])
        .where('t.collection', '=', collection)
        .where('t.locale', '=', locale)
        .where(PUBLISHED)
        .orderBy('t.sequence')
        .execute();
    },

    searchHadiths: (query) => search.searchHadiths(db, query),

    async getTranslation(collection: string, sequence: number, locale: string) {
      const row = await trx
        .selectFrom('hadith_translations')
        .select(['locale', 'text', 'updated_at'])
        .where('collection', '=', collection)
        .where('sequence', '=', sequence)
        .where('locale', '=', locale)
        .executeTakeFirst();
      return row && fromTranslationRow(row);
    },

    async putTranslation(collection: string, sequence: number, translation: Translation) {
      await trx
        .insertInto('hadith_translations')
        .values(toHadithTranslationRow(collection, sequence, translation))
        .onConflict((oc) =>
          oc
            .columns(['collection', 'sequence', 'locale'])
            .doUpdateSet({ text: translation.text, updated_at: translation.updatedAt }),
        )
        .execute();
      await search.indexWrittenTexts(db, 'hadith');
    },

    async deleteTranslation(collection: string, sequence: number, locale: string) {
      const result = await trx
        .deleteFrom('hadith_translations')
        .where('collection', '=', collection)
        .where('sequence', '=', sequence)
        .where('locale', '=', locale)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async setMetadata(collection: string, sequence: number, metadata: HadithMetadata) {
      const result = await trx
        .updateTable('hadiths')
        .set(toHadithMetadataRow(metadata))
        .where('collection', '=', collection)
        .where('sequence', '=', sequence)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
