import { cachedSearch, firstPassMatches, isStemmedLocale } from '@islamic-data/adapters-kysely';
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
import { englishStems, rememberedStem } from './english-stems.js';
import { snippetRanges } from './mark-matches.js';
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
 * The snippets of a page of hits: the matches marked in the original text (snippetRanges: each word or whole phrase,
 * an English word also by its stem, as far as the snippet reaches) and cut by core's buildSnippet, as SQLite's
 * highlight() and the in-memory stores do. An English hit is matched with the stems the process knows; the words it
 * read that could share a stem with a word of the query and whose stems are unknown (Snowball's English stemmer
 * rewrites endings only, so a word and its stem begin with the same letter) are stemmed in one query, and such a hit
 * is matched again. Matching fewer words, the first pass reads at least as far as the second.
 */
async function snippetsOf(
  trx: Kysely<Database>,
  hits: readonly { locale: string; text: string }[],
  search: TextSearch,
  stems: ReadonlyMap<string, string>,
): Promise<string[]> {
  const comparable = comparableMemo();
  const initials = new Set([...stems.values()].map((stem) => stem[0]));
  const stemmed = hits.map((hit) => stems.size > 0 && isStemmedLocale(hit.locale));
  // What the process knew of each word as the first pass read it (null: never stemmed; '': a stop word), kept for
  // the second: englishStems may forget.
  const known = new Map<string, string | null>(stems);
  const knownStem = (word: string) => {
    let stem = known.get(word);
    if (stem === undefined) known.set(word, (stem = rememberedStem(word) ?? null));
    return stem;
  };
  const remembered = (word: string) => knownStem(word) || undefined;
  const unknown = new Set<string>();
  const hitsWithUnknown = new Set<number>();
  const ranges = hits.map((hit, i) =>
    stemmed[i]
      ? snippetRanges(hit.text, search.terms, remembered, comparable, (word) => {
          if (word.length > MAX_WORD || !initials.has(word[0]) || knownStem(word) !== null) return;
          unknown.add(word);
          hitsWithUnknown.add(i);
        })
      : snippetRanges(hit.text, search.terms, undefined, comparable),
  );
  if (unknown.size > 0) {
    const learnt = await englishStems(trx, unknown);
    const stemOf = (word: string) => learnt.get(word) ?? remembered(word);
    for (const i of hitsWithUnknown) ranges[i] = snippetRanges(hits[i]!.text, search.terms, stemOf, comparable);
  }
  return hits.map((hit, i) => buildSnippet(hit.text, ranges[i]!));
}

/** A hit as a branch's page gives it: its rank, and how many matches its ranking pass kept (a bigint's text). */
interface RankedHit {
  locale: string;
  text: string;
  rank: number;
  kept: string;
}

/** A ranking pass that keeps every match (LIMIT NULL is no limit). */
const EVERY_MATCH = null;

/** A branch's best `matches` (every one when null) of `select`, in the page's `order`, with how many were kept. */
const rankedMatches = (select: RawBuilder<unknown>, order: RawBuilder<unknown>, matches: number | null) =>
  sql`(select *, count(*) over () as kept from (${select} order by ${order} limit ${matches}) ranked)`;

/** A branch of a search: the select that ranks its matches (`rank`), and how a hit of the page reads its text (`p`). */
interface Branch {
  select: RawBuilder<unknown>;
  texts: RawBuilder<unknown>;
}

/** How a resource's hits are ordered (`order` in SQL, `ties` among hits of one rank) and joined into a page. */
interface Ranking<Hit> {
  order: RawBuilder<unknown>;
  ties: (a: Hit, b: Hit) => number;
  /** A branch's page: its `ranked` matches joined to their documents, then the page's hits (`p`) to their texts. */
  page: (ranked: RawBuilder<unknown>, texts: RawBuilder<unknown>, wanted: number) => RawBuilder<Hit>;
}

/**
 * The page of best hits across a search's branches (the Arabic originals, the translations): each branch's ts_rank
 * ranking, merged, ties broken by the ranking's `ties`. A branch ranks its matches first, in the page's order (ts_rank
 * gives many ties), with only its own table's filters (language, surah, collection), keeping its `firstPassMatches`
 * best; only those are joined to their ayahs or hadiths, for what only those know (published), and only the page's
 * hits to their texts. A hadith search for "allah" (23,344 English matches) took 148 ms of PostgreSQL when every
 * match was joined and carried its text through the sort. When the first pass may have left out a hit of the page (it
 * kept as many matches as it could and the page came out short: some kept were unpublished), the branch is ranked
 * again with every match.
 */
async function rankedPage<Hit extends RankedHit>(
  trx: Kysely<Database>,
  search: TextSearch,
  branches: readonly Branch[],
  ranking: Ranking<Hit>,
): Promise<Hit[]> {
  const wanted = search.offset + search.limit;
  const first = firstPassMatches(wanted);
  const pageOf = async (branch: Branch, matches: number | null) =>
    (await ranking.page(rankedMatches(branch.select, ranking.order, matches), branch.texts, wanted).execute(trx)).rows;
  const hits: Hit[] = [];
  for (const branch of branches) {
    let found = await pageOf(branch, first);
    if (!pageComplete(found, first, wanted)) found = await pageOf(branch, EVERY_MATCH);
    hits.push(...found);
  }
  return hits.sort((a, b) => b.rank - a.rank || ranking.ties(a, b)).slice(search.offset, wanted);
}

/**
 * Whether a page joined from a branch's `matches` best (in the page's order) is the page every match would give: the
 * pass kept all the matches, or the page is full (its hits are the first published ones of the best kept).
 */
function pageComplete(page: readonly RankedHit[], matches: number, wanted: number): boolean {
  const [best] = page;
  if (best === undefined) return false; // every match kept was unpublished, or there was none
  return Number(best.kept) < matches || page.length === wanted;
}

export const searchQuranIndex = (db: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> =>
  cachedSearch(db, 'quran', search, () => withSearchBudget(db, (trx) => rankQuran(trx, search)));

interface QuranHit extends RankedHit {
  surah: number;
  ayah: number;
}

async function rankQuran(trx: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> {
  const stems = await queryStems(trx, search);
  const query = sql`${searchQueryOf(search.terms, stems)}::tsquery`;
  const surah = (column: RawBuilder<unknown>) =>
    search.surah === undefined ? sql`` : sql`and ${column} = ${search.surah}`;
  // A branch's page: its ranked matches joined to their ayahs (published), then the page's hits to their texts.
  const page = (ranked: RawBuilder<unknown>, texts: RawBuilder<unknown>, wanted: number) => sql<QuranHit>`
    select p.*, ${texts} from (
      select r.surah, r.ayah, r.locale, r.rank, r.kept from ${ranked} r
      join quran_ayahs a on a.surah = r.surah and a.ayah = r.ayah
      where true ${published(search, sql`a.published`)}
      order by r.rank desc, r.surah, r.ayah, r.locale
      limit ${wanted}) p`;
  const branches: Branch[] = [];
  if (searchesArabic(search))
    branches.push({
      select: sql`select a.surah, a.ayah, ${ARABIC_LOCALE}::text as locale,
              ts_rank(a.search_vector, ${query})::float8 as rank
            from quran_ayahs a where a.search_vector @@ ${query} ${surah(sql`a.surah`)}`,
      texts: sql`(select a.text_ar from quran_ayahs a where a.surah = p.surah and a.ayah = p.ayah) as text`,
    });
  if (searchesTranslations(search))
    branches.push({
      select: sql`select t.surah, t.ayah, t.locale, ts_rank(t.search_vector, ${query})::float8 as rank
            from quran_ayah_translations t
            where t.search_vector @@ ${query} ${localeOf(search)} ${surah(sql`t.surah`)}`,
      texts: sql`(select t.text from quran_ayah_translations t
            where t.surah = p.surah and t.ayah = p.ayah and t.locale = p.locale) as text`,
    });
  const rows = await rankedPage(trx, search, branches, {
    order: sql`rank desc, surah, ayah, locale`,
    ties: (a, b) => a.surah - b.surah || a.ayah - b.ayah || (a.locale < b.locale ? -1 : 1),
    page,
  });
  const snippets = await snippetsOf(trx, rows, search, stems);
  return rows.map(({ surah, ayah, locale }, i) => ({ surah, ayah, locale, snippet: snippets[i]! }));
}

export const searchHadithIndex = (db: Kysely<Database>, search: HadithTextSearch): Promise<HadithSearchHit[]> =>
  cachedSearch(db, 'hadith', search, () => withSearchBudget(db, (trx) => rankHadith(trx, search)));

interface HadithHit extends RankedHit {
  collection: string;
  sequence: number;
  number: string;
  position: number;
}

async function rankHadith(trx: Kysely<Database>, search: HadithTextSearch): Promise<HadithSearchHit[]> {
  const stems = await queryStems(trx, search);
  const query = sql`${searchQueryOf(search.terms, stems)}::tsquery`;
  const collection = (column: RawBuilder<unknown>) =>
    search.collection === undefined ? sql`` : sql`and ${column} = ${search.collection}`;
  // A branch's page: its ranked matches joined to their hadiths (published, number) and collections (the order of
  // ties), then the page's hits to their texts.
  const page = (ranked: RawBuilder<unknown>, texts: RawBuilder<unknown>, wanted: number) => sql<HadithHit>`
    select p.*, ${texts} from (
      select r.collection, r.sequence, r.locale, h.number, r.position, r.rank, r.kept from ${ranked} r
      join hadiths h on h.collection = r.collection and h.sequence = r.sequence
      where true ${published(search, sql`h.published`)}
      order by r.rank desc, r.position, r.sequence, r.locale
      limit ${wanted}) p`;
  const branches: Branch[] = [];
  if (searchesArabic(search))
    branches.push({
      select: sql`select h.collection, h.sequence, ${ARABIC_LOCALE}::text as locale, c.position,
              ts_rank(h.search_vector, ${query})::float8 as rank
            from hadiths h join hadith_collections c on c.slug = h.collection
            where h.search_vector @@ ${query} ${collection(sql`h.collection`)}`,
      texts: sql`(select h.text_ar from hadiths h
        where h.collection = p.collection and h.sequence = p.sequence) as text`,
    });
  if (searchesTranslations(search))
    branches.push({
      select: sql`select t.collection, t.sequence, t.locale, c.position,
              ts_rank(t.search_vector, ${query})::float8 as rank
            from hadith_translations t join hadith_collections c on c.slug = t.collection
            where t.search_vector @@ ${query} ${localeOf(search)} ${collection(sql`t.collection`)}`,
      texts: sql`(select t.text from hadith_translations t
            where t.collection = p.collection and t.sequence = p.sequence and t.locale = p.locale) as text`,
    });
  const rows = await rankedPage(trx, search, branches, {
    order: sql`rank desc, position, sequence, locale`,
    ties: (a, b) => a.position - b.position || a.sequence - b.sequence || (a.locale < b.locale ? -1 : 1),
    page,
  });
  const snippets = await snippetsOf(trx, rows, search, stems);
  return rows.map(({ collection, sequence, number, locale }, i) => ({
    collection,
    number,
    sequence,
    locale,
    snippet: snippets[i]!,
  }));
}
