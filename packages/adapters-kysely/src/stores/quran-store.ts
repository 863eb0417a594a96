import {
  ARABIC_LOCALE,
  ayahKey,
  defaultAyahMetadata,
  type AyahQuery,
  type AyahRef,
  type AyahText,
  type ContentMetadata,
  type QuranStore,
  type Surah,
  type Translation,
} from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import type { TextSearchDialect } from '../dialect.js';
import {
  fromTranslationRow,
  joinedTranslations,
  NO_JOINED_TRANSLATIONS,
  toContentMetadataColumns,
} from '../tables/content-columns.js';
import { toTranslationRow } from '../tables/quran/ayah-translations.table.js';
import { AYAH_COLUMNS, fromAyahRow } from '../tables/quran/ayahs.table.js';
import { fromSurahRow, toSurahRow } from '../tables/quran/surahs.table.js';
import { preparedQuery, preparedWithList } from './prepared-query.js';

/** Rows per multi-row insert: well under either dialect's limit on bound parameters (SQLite's 32,766). */
const BATCH = 500;

/**
 * The Quran in three tables. Reading a surah is two range reads (ayahs, then their translations),
 * whatever its length; imports are batched upserts that leave equal rows untouched.
 */
export function kyselyQuranStore<DB extends SharedDatabase>(db: Kysely<DB>, search: TextSearchDialect<DB>): QuranStore {
  const trx = sharedTables(db);
  const surahTranslations = preparedWithList(trx, ([surah]: [number], locales: string[] | undefined) => {
    let query = trx.selectFrom('quran_ayah_translations').select(['ayah', 'locale', 'text']).where('surah', '=', surah);
    if (locales) query = query.where('locale', 'in', locales);
    return query.orderBy('ayah').orderBy('locale');
  });
  /**
   * One ayah with its translations (`locales`: those only; none when empty) in the same read, a row per translation
   * by locale: one round trip, not two.
   */
  const ayahWithTranslations = preparedWithList(
    trx,
    ([surah, ayah]: [number, number], locales: string[] | undefined) => {
      const ayahs = trx
        .selectFrom('quran_ayahs as a')
        .select(AYAH_COLUMNS.map((column) => `a.${column}` as const))
        .where('a.surah', '=', surah)
        .where('a.ayah', '=', ayah);
      if (locales?.length === 0) return ayahs.select(NO_JOINED_TRANSLATIONS);
      return ayahs
        .leftJoin('quran_ayah_translations as t', (join) => {
          const on = join.onRef('t.surah', '=', 'a.surah').onRef('t.ayah', '=', 'a.ayah');
          return locales ? on.on('t.locale', 'in', locales) : on;
        })
        .select(['t.locale as translation_locale', 't.text as translation_text'])
        .orderBy('t.locale');
    },
  );
  const surahOf = preparedQuery(trx, (id: number) => trx.selectFrom('quran_surahs').selectAll().where('id', '=', id));

  /** A surah's translations by ayah number, each ordered by locale. */
  async function translationsOf(surah: number, locales: string[] | undefined) {
    const byAyah = new Map<number, Record<string, string>>();
    if (locales?.length === 0) return byAyah;
    for (const row of await surahTranslations([surah], locales)) {
      let translations = byAyah.get(row.ayah);
      if (!translations) byAyah.set(row.ayah, (translations = {}));
      translations[row.locale] = row.text;
    }
    return byAyah;
  }

  /** Rows from `from` to `to`, both included, across surahs (a row-value range over the primary key). */
  const withinRange = (from: AyahRef, to: AyahRef) =>
    sql<boolean>`(surah, ayah) between (${from.surah}, ${from.ayah}) and (${to.surah}, ${to.ayah})`;

  async function inBatches<T>(
    items: T[],
    write: (batch: T[]) => Promise<{ numInsertedOrUpdatedRows?: bigint }>,
  ): Promise<number> {
    let changed = 0;
    for (let start = 0; start < items.length; start += BATCH) {
      changed += Number((await write(items.slice(start, start + BATCH))).numInsertedOrUpdatedRows ?? 0n);
    }
    return changed;
  }

  return {
    async listSurahs() {
      return (await trx.selectFrom('quran_surahs').selectAll().orderBy('id').execute()).map(fromSurahRow);
    },

    async getSurah(id: number) {
      const [row] = await surahOf(id);
      return row && fromSurahRow(row);
    },

    async listAyahs(surah: number, query: AyahQuery & { includeUnpublished: boolean }) {
      let select = trx.selectFrom('quran_ayahs').select(AYAH_COLUMNS).where('surah', '=', surah);
      if (!query.includeUnpublished) select = select.where('published', '=', 1);
      const rows = await select.orderBy('ayah').execute();
      const translations = await translationsOf(surah, query.locales);
      return rows.map((row) => fromAyahRow(row, translations.get(row.ayah) ?? {}));
    },

    async listAyahRange(from: AyahRef, to: AyahRef, query: AyahQuery & { includeUnpublished: boolean }) {
      let select = trx.selectFrom('quran_ayahs').select(AYAH_COLUMNS).where(withinRange(from, to));
      if (!query.includeUnpublished) select = select.where('published', '=', 1);
      const rows = await select.orderBy('surah').orderBy('ayah').execute();
      const byKey = new Map<string, Record<string, string>>();
      if (query.locales?.length !== 0) {
        let translations = trx
          .selectFrom('quran_ayah_translations')
          .select(['surah', 'ayah', 'locale', 'text'])
          .where(withinRange(from, to));
        if (query.locales) translations = translations.where('locale', 'in', query.locales);
        for (const row of await translations.orderBy('surah').orderBy('ayah').orderBy('locale').execute()) {
          const key = ayahKey(row.surah, row.ayah);
          byKey.set(key, { ...byKey.get(key), [row.locale]: row.text });
        }
      }
      return rows.map((row) => fromAyahRow(row, byKey.get(ayahKey(row.surah, row.ayah)) ?? {}));
    },

    async getAyah(surah: number, ayah: number, query: AyahQuery = {}) {
      const rows = await ayahWithTranslations([surah, ayah], query.locales);
      return rows[0] && fromAyahRow(rows[0], joinedTranslations(rows));
    },

    async getTranslation(surah: number, ayah: number, locale: string) {
      const row = await trx
        .selectFrom('quran_ayah_translations')
        .select(['locale', 'text', 'updated_at'])
        .where('surah', '=', surah)
        .where('ayah', '=', ayah)
        .where('locale', '=', locale)
        .executeTakeFirst();
      return row && fromTranslationRow(row);
    },

    async putTranslation(surah: number, ayah: number, translation: Translation) {
      await trx
        .insertInto('quran_ayah_translations')
        .values(toTranslationRow(surah, ayah, translation))
        .onConflict((oc) =>
          oc
            .columns(['surah', 'ayah', 'locale'])
            .doUpdateSet((eb) => ({ text: eb.ref('excluded.text'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
      await search.indexWrittenTexts(db, 'quran');
    },

    async deleteTranslation(surah: number, ayah: number, locale: string) {
      const result = await trx
        .deleteFrom('quran_ayah_translations')
        .where('surah', '=', surah)
        .where('ayah', '=', ayah)
        .where('locale', '=', locale)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async setMetadata(surah: number, ayah: number, metadata: ContentMetadata) {
      const result = await trx
        .updateTable('quran_ayahs')
        .set(toContentMetadataColumns(metadata))
        .where('surah', '=', surah)
        .where('ayah', '=', ayah)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async listPublishedTexts(locale: string, surah?: number) {
      if (locale === ARABIC_LOCALE) {
        let query = trx
          .selectFrom('quran_ayahs')
          .select(['surah', 'ayah', 'text_ar as text'])
          .where('published', '=', 1);
        if (surah !== undefined) query = query.where('surah', '=', surah);
        return query.orderBy('surah').orderBy('ayah').execute();
      }
      let query = trx
        .selectFrom('quran_ayah_translations as t')
        .innerJoin('quran_ayahs as a', (join) => join.onRef('a.surah', '=', 't.surah').onRef('a.ayah', '=', 't.ayah'))
        .select(['t.surah', 't.ayah', 't.text'])
        .where('t.locale', '=', locale)
        .where('a.published', '=', 1);
      if (surah !== undefined) query = query.where('t.surah', '=', surah);
      return query.orderBy('t.surah').orderBy('t.ayah').execute();
    },

    searchAyahs: (query) => search.searchAyahs(db, query),

    upsertSurahs(surahs: Surah[]) {
      return inBatches(surahs, (batch) =>
        trx
          .insertInto('quran_surahs')
          .values(batch.map(toSurahRow))
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet((eb) => ({
                name_ar: eb.ref('excluded.name_ar'),
                name_en: eb.ref('excluded.name_en'),
                transliteration: eb.ref('excluded.transliteration'),
                revelation_type: eb.ref('excluded.revelation_type'),
                ayah_count: eb.ref('excluded.ayah_count'),
              }))
              .where((eb) =>
                eb.or(
                  (['name_ar', 'name_en', 'transliteration', 'revelation_type', 'ayah_count'] as const).map((column) =>
                    eb(`quran_surahs.${column}`, 'is distinct from', eb.ref(`excluded.${column}`)),
                  ),
                ),
              ),
          )
          .executeTakeFirst(),
      );
    },

    async putArabicTexts(texts: AyahText[]) {
      const changed = await inBatches(texts, (batch) =>
        trx
          .insertInto('quran_ayahs')
          .values(
            batch.map(({ surah, ayah, text }) => ({
              surah,
              ayah,
              text_ar: text,
              ...toContentMetadataColumns(defaultAyahMetadata()),
            })),
          )
          // An existing ayah keeps its metadata: only its text follows the source.
          .onConflict((oc) =>
            oc
              .columns(['surah', 'ayah'])
              .doUpdateSet((eb) => ({ text_ar: eb.ref('excluded.text_ar') }))
              .where((eb) => eb('quran_ayahs.text_ar', 'is distinct from', eb.ref('excluded.text_ar'))),
          )
          .executeTakeFirst(),
      );
      await search.indexWrittenTexts(db, 'quran');
      return changed;
    },

    async putTranslations(locale: string, texts: AyahText[], updatedAt: string) {
      const changed = await inBatches(texts, (batch) =>
        trx
          .insertInto('quran_ayah_translations')
          .values(batch.map(({ surah, ayah, text }) => ({ surah, ayah, locale, text, updated_at: updatedAt })))
          .onConflict((oc) =>
            oc
              .columns(['surah', 'ayah', 'locale'])
              .doUpdateSet((eb) => ({ text: eb.ref('excluded.text'), updated_at: eb.ref('excluded.updated_at') }))
              .where((eb) => eb('quran_ayah_translations.text', 'is distinct from', eb.ref('excluded.text'))),
          )
          .executeTakeFirst(),
      );
      await search.indexWrittenTexts(db, 'quran');
      return changed;
    },
  };
}
