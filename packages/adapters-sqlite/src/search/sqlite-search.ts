import { cachedSearch, firstPassMatches } from '@islamic-data/adapters-kysely';
import {
  ARABIC_LOCALE,
  buildSnippet,
  foldArabicWithOffsets,
  originalRange,
  type HadithSearchHit,
  type HadithTextSearch,
  type QuranSearchHit,
  type QuranTextSearch,
  type TextRange,
  type TextSearch,
} from '@islamic-data/core';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../schema.js';
import { fts5Match } from './fts5-match.js';
import { SEARCH_TABLES, searchTableOf, type SearchResource, type SearchTable } from './search-tables.js';

interface IndexRow {
  id: number;
  locale: string;
  score: number;
  table: SearchTable;
}

const OPEN = '\u0001';
const CLOSE = '\u0002';

/** The FTS5 tables a search reads: the one of its language, or both. */
const tablesOf = (search: TextSearch): SearchTable[] =>
  search.locale === undefined ? ['stemmed', 'folded'] : [searchTableOf(search.locale)];

/** A ranked row, with what its ranking pass saw: how many best matches it kept (`kept`), the worst score among them. */
interface RankedRow extends IndexRow {
  kept: number;
  worst: number;
}

const EVERY_MATCH = -1;

/**
 * The page of best hits across the tables searched: each table's bm25 ranking (lower is better), merged, ties
 * broken by `order`. Each table is ranked first with its documents' own filters (`docsFilter`: language, surah,
 * collection, on the small table of indexed documents, whose columns the ranked rows `r` carry), keeping its
 * `firstPassMatches` best, and only those are joined to their ayahs or hadiths (whose rows hold the texts: reading
 * one is what a match costs most) for what only those know (published) and the order of ties. A hadith search for
 * "allah" (23,344 English matches) took 51 ms on the event loop when every match was joined first, and 16 now
 * ("people": 23 against 9 ms; a rare word 0.3 ms more; interleaved runs on the served data). The queries CROSS JOIN
 * so that SQLite reads the FTS5 matches first: driven from the documents of a collection, it runs the MATCH once
 * per document, thousands of times slower. When the first pass may have left out a hit of the page (the page came
 * out short, or it ends on the worst score kept, whose ties may go on), the table is ranked again with every match.
 */
async function rankedRows<Row extends IndexRow>(
  trx: Kysely<Database>,
  resource: SearchResource,
  search: TextSearch,
  docsFilter: RawBuilder<unknown>,
  query: (ranked: RawBuilder<unknown>, table: SearchTable, wanted: number) => RawBuilder<Row & RankedRow>,
  order: (a: Row, b: Row) => number,
): Promise<Row[]> {
  const match = fts5Match(search.terms);
  const wanted = search.offset + search.limit;
  const docs = sql.raw(SEARCH_TABLES[resource].docs);
  const rows: Row[] = [];
  for (const table of tablesOf(search)) {
    const fts = sql.raw(SEARCH_TABLES[resource][table]);
    const ranked = (matches: number) => sql`(
      select *, count(*) over () as kept, max(score) over () as worst from (
        select d.*, bm25(${fts}) as score
        from ${fts} cross join ${docs} d on d.id = ${fts}.rowid
        where ${fts} match ${match} ${docsFilter}
        order by score limit ${matches}))`;
    const first = firstPassMatches(wanted);
    let found = (await query(ranked(first), table, wanted).execute(trx)).rows;
    if (!pageComplete(found, first, wanted))
      found = (await query(ranked(EVERY_MATCH), table, wanted).execute(trx)).rows;
    rows.push(...found);
  }
  return rows.sort((a, b) => a.score - b.score || order(a, b)).slice(search.offset, search.offset + search.limit);
}

/**
 * Whether a page joined from a table's `matches` best is the page every match would give: the pass kept all the
 * matches, or the page is full and ends better than the worst score kept (every match at least as good as its last
 * hit was kept; ties of the worst score may not all have been).
 */
function pageComplete(page: readonly RankedRow[], matches: number, wanted: number): boolean {
  const [best] = page;
  if (best === undefined) return false; // every match kept was unpublished, or there was none (then it costs nothing)
  if (best.kept < matches) return true;
  return page.length === wanted && page[page.length - 1]!.score < best.worst;
}

/**
 * The snippets of a page of hits in one pass, whatever its size: one highlight() query per FTS5 table
 * the page has hits in (FTS5 marks the matches; the rowids are read from a JSON array, so each is an
 * integer, which FTS5 needs to use a rowid constraint), and one query for the Arabic originals of the
 * Arabic hits (indexed folded, so their marks are moved onto the original text).
 */
async function snippetsOf<Row extends IndexRow>(
  trx: Kysely<Database>,
  resource: SearchResource,
  rows: readonly Row[],
  search: TextSearch,
  originals: (arabic: readonly Row[]) => Promise<(row: Row) => string>,
): Promise<string[]> {
  const marked = new Map<string, string>();
  for (const table of new Set(rows.map((row) => row.table))) {
    const fts = sql.raw(SEARCH_TABLES[resource][table]);
    const ids = JSON.stringify(rows.filter((row) => row.table === table).map((row) => row.id));
    const match = fts5Match(search.terms);
    const { rows: found } = await sql<{ id: number; marked: string }>`
      select rowid as id, highlight(${fts}, 0, ${OPEN}, ${CLOSE}) as marked
      from ${fts} where ${fts} match ${match} and rowid in (select value from json_each(${ids}))`.execute(trx);
    for (const row of found) marked.set(`${table}:${row.id}`, row.marked);
  }
  const arabic = rows.filter((row) => row.locale === ARABIC_LOCALE);
  const originalOf = arabic.length === 0 ? undefined : await originals(arabic);
  return rows.map((row) => {
    const { text, ranges } = unmark(marked.get(`${row.table}:${row.id}`) ?? '');
    if (row.locale !== ARABIC_LOCALE) return buildSnippet(text, ranges);
    const original = originalOf!(row);
    const { offsets } = foldArabicWithOffsets(original);
    return buildSnippet(
      original,
      ranges.map(([start, end]) => originalRange(original, offsets, start, end)),
    );
  });
}

const MARK = new RegExp(`[${OPEN}${CLOSE}]`, 'g');

/** The text highlight() marked, without its marks, and where they were: built from the stretches between marks. */
function unmark(marked: string): { text: string; ranges: TextRange[] } {
  let text = '';
  const ranges: TextRange[] = [];
  let start = -1;
  let after = 0;
  for (const mark of marked.matchAll(MARK)) {
    text += marked.slice(after, mark.index);
    after = mark.index + 1;
    if (mark[0] === OPEN) start = text.length;
    else ranges.push([start, text.length]);
  }
  return { text: text + marked.slice(after), ranges };
}

const includeUnpublished = (search: TextSearch, published: RawBuilder<unknown>) =>
  search.includeUnpublished ? sql`` : sql`and ${published} = 1`;
const collectionFilter = (search: HadithTextSearch) =>
  search.collection === undefined ? sql`` : sql`and d.collection = ${search.collection}`;
const localeFilter = (search: TextSearch) =>
  search.locale === undefined ? sql`` : sql`and d.locale = ${search.locale}`;

interface QuranRow extends IndexRow {
  surah: number;
  ayah: number;
}

export function searchQuranIndex(trx: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> {
  return cachedSearch(trx, 'quran', search, () => rankQuran(trx, search));
}

async function rankQuran(trx: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> {
  const rows = await rankedRows<QuranRow>(
    trx,
    'quran',
    search,
    sql`${localeFilter(search)} ${search.surah === undefined ? sql`` : sql`and d.surah = ${search.surah}`}`,
    (ranked, table, wanted) => sql<QuranRow & RankedRow>`
      select r.id, r.surah, r.ayah, r.locale, r.score, r.kept, r.worst, ${table} as "table"
      from ${ranked} r
      cross join quran_ayahs a on a.surah = r.surah and a.ayah = r.ayah
      where true ${includeUnpublished(search, sql`a.published`)}
      order by r.score, r.surah, r.ayah, r.locale
      limit ${wanted}`,
    (a, b) => a.surah - b.surah || a.ayah - b.ayah || (a.locale < b.locale ? -1 : 1),
  );
  const snippets = await snippetsOf(trx, 'quran', rows, search, async (arabic) => {
    const pairs = sql.join(arabic.map((row) => sql`(${row.surah}, ${row.ayah})`));
    const { rows: texts } = await sql<{ surah: number; ayah: number; text_ar: string }>`
      select surah, ayah, text_ar from quran_ayahs where (surah, ayah) in (values ${pairs})`.execute(trx);
    const byKey = new Map(texts.map((text) => [`${text.surah}:${text.ayah}`, text.text_ar]));
    return (row) => byKey.get(`${row.surah}:${row.ayah}`) ?? '';
  });
  return rows.map(({ surah, ayah, locale }, i) => ({ surah, ayah, locale, snippet: snippets[i]! }));
}

interface HadithRow extends IndexRow {
  collection: string;
  sequence: number;
  number: string;
  position: number;
}

export function searchHadithIndex(trx: Kysely<Database>, search: HadithTextSearch): Promise<HadithSearchHit[]> {
  return cachedSearch(trx, 'hadith', search, () => rankHadith(trx, search));
}

async function rankHadith(trx: Kysely<Database>, search: HadithTextSearch): Promise<HadithSearchHit[]> {
  const rows = await rankedRows<HadithRow>(
    trx,
    'hadith',
    search,
    sql`${localeFilter(search)} ${collectionFilter(search)}`,
    (ranked, table, wanted) => sql<HadithRow & RankedRow>`
      select r.id, r.collection, r.sequence, r.locale, h.number, c.position, r.score, r.kept, r.worst,
        ${table} as "table"
      from ${ranked} r
      cross join hadiths h on h.collection = r.collection and h.sequence = r.sequence
      cross join hadith_collections c on c.slug = r.collection
      where true ${includeUnpublished(search, sql`h.published`)}
      order by r.score, c.position, r.sequence, r.locale
      limit ${wanted}`,
    (a, b) => a.position - b.position || a.sequence - b.sequence || (a.locale < b.locale ? -1 : 1),
  );
  const snippets = await snippetsOf(trx, 'hadith', rows, search, async (arabic) => {
    const pairs = sql.join(arabic.map((row) => sql`(${row.collection}, ${row.sequence})`));
    const { rows: texts } = await sql<{ collection: string; sequence: number; text_ar: string | null }>`
      select collection, sequence, text_ar from hadiths where (collection, sequence) in (values ${pairs})`.execute(trx);
    const byKey = new Map(texts.map((text) => [`${text.collection}:${text.sequence}`, text.text_ar ?? '']));
    return (row) => byKey.get(`${row.collection}:${row.sequence}`) ?? '';
  });
  return rows.map(({ collection, number, sequence, locale }, i) => ({
    collection,
    number,
    sequence,
    locale,
    snippet: snippets[i]!,
  }));
}
