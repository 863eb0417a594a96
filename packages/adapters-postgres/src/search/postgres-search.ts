import { isStemmedLocale } from '@islamic-data/adapters-kysely';
import {
  ARABIC_LOCALE,
  buildSnippet,
  comparableWord,
  type HadithSearchHit,
  type HadithTextSearch,
  type QuranSearchHit,
  type QuranTextSearch,
  type TextSearch,
} from '@islamic-data/core';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema.js';
import { englishStems } from './english-stems.js';
import { markedRanges, textWords } from './mark-matches.js';
import { withSearchBudget } from './search-budget.js';
import { MAX_WORD, searchQueryOf } from './search-vector.js';

/** Which of the two texts of a resource a search reads: the Arabic originals, the translations, or both. */
const searchesArabic = (search: TextSearch) => search.locale === undefined || search.locale === ARABIC_LOCALE;
const searchesTranslations = (search: TextSearch) => search.locale !== ARABIC_LOCALE;

const published = (search: TextSearch, column: RawBuilder<unknown>) =>
  search.includeUnpublished ? sql`` : sql`and ${column} = 1`;
const localeOf = (search: TextSearch) =>
  search.locale === undefined || search.locale === ARABIC_LOCALE ? sql`` : sql`and t.locale = ${search.locale}`;

/** The stems of the query's words, which the index holds beside English words. */
const queryStems = (trx: Kysely<Database>, search: TextSearch) =>
  englishStems(
    trx,
    search.terms.flatMap((term) => term.words.map(comparableWord)),
  );

/** core's comparableWord, remembered for the words of one page of hits (most of which repeat). */
function comparableMemo(): (word: string) => string {
  const known = new Map<string, string>();
  return (word) => {
    let comparable = known.get(word);
    if (comparable === undefined) known.set(word, (comparable = comparableWord(word)));
    return comparable;
  };
}

/**
 * The snippets of a page of hits: the matches marked in the original text (markedRanges: each word or
 * whole phrase, an English word also by its stem) and cut by core's buildSnippet, as SQLite's highlight()
 * and the in-memory stores do. Each text's words are read once. Only the words of English hits that could
 * share a stem with a word of the query are stemmed (in one query): Snowball's English stemmer rewrites
 * endings only, so a word and its stem begin with the same letter.
 */
async function snippetsOf(
  trx: Kysely<Database>,
  hits: readonly { locale: string; text: string }[],
  search: TextSearch,
  stems: ReadonlyMap<string, string>,
): Promise<string[]> {
  const comparable = comparableMemo();
  const words = hits.map((hit) => textWords(hit.text, comparable));
  const stemmed = hits.map((hit) => isStemmedLocale(hit.locale));
  const initials = new Set([...stems.values()].map((stem) => stem[0]));
  const candidates = words
    .filter((_, i) => stemmed[i])
    .flatMap((each) => each.map((word) => word.comparable))
    .filter((word) => word.length <= MAX_WORD && initials.has(word[0]));
  const all = new Map([...stems, ...(await englishStems(trx, candidates))]);
  return hits.map((hit, i) =>
    buildSnippet(hit.text, markedRanges(words[i]!, search.terms, stemmed[i] ? all : undefined)),
  );
}

/**
 * Both branches rank with ts_rank over the GIN-indexed vectors; the page is cut after merging them,
 * best first, ties in reading order.
 */
export const searchQuranIndex = (db: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> =>
  withSearchBudget(db, (trx) => rankQuran(trx, search));

async function rankQuran(trx: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> {
  const stems = await queryStems(trx, search);
  const query = sql`${searchQueryOf(search.terms, stems)}::tsquery`;
  const surah = (column: RawBuilder<unknown>) =>
    search.surah === undefined ? sql`` : sql`and ${column} = ${search.surah}`;
  const branches: RawBuilder<unknown>[] = [];
  if (searchesArabic(search))
    branches.push(sql`select a.surah, a.ayah, ${ARABIC_LOCALE}::text as locale, a.text_ar as text,
        ts_rank(a.search_vector, ${query}) as rank
      from quran_ayahs a
      where a.search_vector @@ ${query} ${published(search, sql`a.published`)} ${surah(sql`a.surah`)}`);
  if (searchesTranslations(search))
    branches.push(sql`select t.surah, t.ayah, t.locale, t.text, ts_rank(t.search_vector, ${query}) as rank
      from quran_ayah_translations t
      join quran_ayahs a on a.surah = t.surah and a.ayah = t.ayah
      where t.search_vector @@ ${query} ${published(search, sql`a.published`)} ${localeOf(search)}
        ${surah(sql`t.surah`)}`);
  const { rows } = await sql<{ surah: number; ayah: number; locale: string; text: string }>`
    select surah, ayah, locale, text from (${sql.join(branches, sql` union all `)}) hits
    order by rank desc, surah, ayah, locale
    limit ${search.limit} offset ${search.offset}`.execute(trx);
  const snippets = await snippetsOf(trx, rows, search, stems);
  return rows.map(({ surah, ayah, locale }, i) => ({ surah, ayah, locale, snippet: snippets[i]! }));
}

export const searchHadithIndex = (db: Kysely<Database>, search: HadithTextSearch): Promise<HadithSearchHit[]> =>
  withSearchBudget(db, (trx) => rankHadith(trx, search));

async function rankHadith(trx: Kysely<Database>, search: HadithTextSearch): Promise<HadithSearchHit[]> {
  const stems = await queryStems(trx, search);
  const query = sql`${searchQueryOf(search.terms, stems)}::tsquery`;
  const collection = (column: RawBuilder<unknown>) =>
    search.collection === undefined ? sql`` : sql`and ${column} = ${search.collection}`;
  const branches: RawBuilder<unknown>[] = [];
  if (searchesArabic(search))
    branches.push(sql`select h.collection, h.sequence, h.number, ${ARABIC_LOCALE}::text as locale, h.text_ar as text,
        ts_rank(h.search_vector, ${query}) as rank
      from hadiths h
      where h.search_vector @@ ${query} ${published(search, sql`h.published`)} ${collection(sql`h.collection`)}`);
  if (searchesTranslations(search))
    branches.push(sql`select t.collection, t.sequence, h.number, t.locale, t.text,
        ts_rank(t.search_vector, ${query}) as rank
      from hadith_translations t
      join hadiths h on h.collection = t.collection and h.sequence = t.sequence
      where t.search_vector @@ ${query} ${published(search, sql`h.published`)} ${localeOf(search)}
        ${collection(sql`t.collection`)}`);
  const { rows } = await sql<{ collection: string; sequence: number; number: string; locale: string; text: string }>`
    select hits.collection, hits.sequence, hits.number, hits.locale, hits.text
    from (${sql.join(branches, sql` union all `)}) hits
    join hadith_collections c on c.slug = hits.collection
    order by hits.rank desc, c.position, hits.sequence, hits.locale
    limit ${search.limit} offset ${search.offset}`.execute(trx);
  const snippets = await snippetsOf(trx, rows, search, stems);
  return rows.map(({ collection, sequence, number, locale }, i) => ({
    collection,
    number,
    sequence,
    locale,
    snippet: snippets[i]!,
  }));
}
