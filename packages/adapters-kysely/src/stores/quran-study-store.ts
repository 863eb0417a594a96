import type { AyahRef, AyahText, QuranScript, QuranStudyStore, QuranWord, SurahFacts } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import { sharedTables, type SharedDatabase } from '../schema.js';
import { fromSurahFactsRow, fromWordRow, toSurahFactsRow, toWordRow } from '../tables/quran/quran-study.table.js';

/** Rows per multi-row insert: under either dialect's limit on bound parameters. */
const BATCH = 500;

const withinRange = (from: AyahRef, to: AyahRef) =>
  sql<boolean>`(surah, ayah) between (${from.surah}, ${from.ayah}) and (${to.surah}, ${to.ayah})`;

/**
 * The study data in three tables. Each replace reads what is stored and writes (delete, then insert
 * in batches) only when it differs, so an unchanged import writes nothing and raises no version.
 */
export function kyselyQuranStudyStore<DB extends SharedDatabase>(db: Kysely<DB>): QuranStudyStore {
  const trx = sharedTables(db);
  async function insertAll<T>(items: T[], insert: (batch: T[]) => Promise<unknown>) {
    for (let start = 0; start < items.length; start += BATCH) await insert(items.slice(start, start + BATCH));
  }
  const listAllWords = async () =>
    (
      await trx.selectFrom('quran_words').selectAll().orderBy('surah').orderBy('ayah').orderBy('position').execute()
    ).map(fromWordRow);

  return {
    async listSurahFacts() {
      return (await trx.selectFrom('quran_surah_facts').selectAll().orderBy('surah').execute()).map(fromSurahFactsRow);
    },

    async replaceSurahFacts(facts: SurahFacts[]) {
      const sorted = [...facts].sort((a, b) => a.surah - b.surah);
      if (isDeepStrictEqual(await this.listSurahFacts(), sorted)) return false;
      await trx.deleteFrom('quran_surah_facts').execute();
      await insertAll(sorted, (batch) =>
        trx.insertInto('quran_surah_facts').values(batch.map(toSurahFactsRow)).execute(),
      );
      return true;
    },

    async listScriptTexts(script: QuranScript, from: AyahRef, to: AyahRef) {
      return trx
        .selectFrom('quran_ayah_scripts')
        .select(['surah', 'ayah', 'text'])
        .where('script', '=', script)
        .where(withinRange(from, to))
        .orderBy('surah')
        .orderBy('ayah')
        .execute();
    },

    async replaceScriptTexts(script: QuranScript, texts: AyahText[]) {
      const sorted = [...texts].sort((a, b) => a.surah - b.surah || a.ayah - b.ayah);
      const stored = await trx
        .selectFrom('quran_ayah_scripts')
        .select(['surah', 'ayah', 'text'])
        .where('script', '=', script)
        .orderBy('surah')
        .orderBy('ayah')
        .execute();
      if (
        isDeepStrictEqual(
          stored,
          sorted.map(({ surah, ayah, text }) => ({ surah, ayah, text })),
        )
      )
        return false;
      await trx.deleteFrom('quran_ayah_scripts').where('script', '=', script).execute();
      await insertAll(sorted, (batch) =>
        trx
          .insertInto('quran_ayah_scripts')
          .values(batch.map(({ surah, ayah, text }) => ({ script, surah, ayah, text })))
          .execute(),
      );
      return true;
    },

    async listWords(from: AyahRef, to: AyahRef) {
      const rows = await trx
        .selectFrom('quran_words')
        .selectAll()
        .where(withinRange(from, to))
        .orderBy('surah')
        .orderBy('ayah')
        .orderBy('position')
        .execute();
      return rows.map(fromWordRow);
    },

    async replaceWords(words: QuranWord[]) {
      const sorted = [...words].sort((a, b) => a.surah - b.surah || a.ayah - b.ayah || a.position - b.position);
      if (isDeepStrictEqual(await listAllWords(), sorted)) return false;
      await trx.deleteFrom('quran_words').execute();
      await insertAll(sorted, (batch) => trx.insertInto('quran_words').values(batch.map(toWordRow)).execute());
      return true;
    },

    async wordStats(field, value) {
      const other = field === 'root' ? 'lemma' : 'root';
      const rows = await trx
        .selectFrom('quran_words')
        .select(other)
        .select((eb) => eb.fn.countAll().as('count'))
        .where(field, '=', value)
        .groupBy(other)
        .execute();
      if (rows.length === 0) return undefined;
      return {
        occurrences: rows.reduce((sum, row) => sum + Number(row.count), 0),
        related: rows.flatMap((row) => (row[other] === null ? [] : [row[other]!])).sort(),
      };
    },

    async wordLocations(field, value, after, limit) {
      let select = trx.selectFrom('quran_words').select(['surah', 'ayah', 'position']).where(field, '=', value);
      if (after !== null)
        select = select.where(
          sql<boolean>`(surah, ayah, position) > (${after.surah}, ${after.ayah}, ${after.position})`,
        );
      return select.orderBy('surah').orderBy('ayah').orderBy('position').limit(limit).execute();
    },

    async ayahsWithRoot(root: string) {
      const rows = await trx
        .selectFrom('quran_words')
        .select(['surah', 'ayah'])
        .select((eb) => eb.fn.countAll().as('count'))
        .where('root', '=', root)
        .groupBy(['surah', 'ayah'])
        .orderBy('surah')
        .orderBy('ayah')
        .execute();
      return rows.map((row) => ({ surah: row.surah, ayah: row.ayah, count: Number(row.count) }));
    },
  };
}
