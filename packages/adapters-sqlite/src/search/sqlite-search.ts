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
import { cachedSearch } from './search-cache.js';
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

/**
 * The page of best hits across the tables searched (the queries CROSS JOIN so that SQLite reads the
 * FTS5 matches first: driven from the documents of a collection, it runs the MATCH once per
 * document, thousands of times slower): each table's bm25 ranking (lower is better),
 * merged, ties broken by `order`.
 */
async function rankedRows<Row extends IndexRow>(
  trx: Kysely<Database>,
  resource: SearchResource,
  search: TextSearch,
  query: (fts: RawBuilder<unknown>, table: SearchTable, match: string, wanted: number) => RawBuilder<Row>,
  order: (a: Row, b: Row) => number,
): Promise<Row[]> {
  const match = fts5Match(search.terms);
  const wanted = search.offset + search.limit;
  const rows: Row[] = [];
  for (const table of tablesOf(search)) {
    const fts = sql.raw(SEARCH_TABLES[resource][table]);
    rows.push(...(await query(fts, table, match, wanted).execute(trx)).rows);
  }
  return rows.sort((a, b) => a.score - b.score || order(a, b)).slice(search.offset, search.offset + search.limit);
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
const localeFilter = (search: TextSearch) =>
  search.locale === undefined ? sql`` : sql`and d.locale = ${search.locale}`;

interface QuranRow extends IndexRow {
  surah: number;
  ayah: number;
}

export function searchQuranIndex(trx: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> {
  return cachedSearch(trx, JSON.stringify(['quran', search]), () => rankQuran(trx, search));
}

async function rankQuran(trx: Kysely<Database>, search: QuranTextSearch): Promise<QuranSearchHit[]> {
  const rows = await rankedRows<QuranRow>(
    trx,
    'quran',
    search,
    (fts, table, match, wanted) => sql<QuranRow>`
      select d.id, d.surah, d.ayah, d.locale, bm25(${fts}) as score, ${table} as "table"
      from ${fts}
      cross join quran_search_docs d on d.id = ${fts}.rowid
      cross join quran_ayahs a on a.surah = d.surah and a.ayah = d.ayah
      where ${fts} match ${match} ${includeUnpublished(search, sql`a.published`)} ${localeFilter(search)}
        ${search.surah === undefined ? sql`` : sql`and d.surah = ${search.surah}`}
      order by score, d.surah, d.ayah, d.locale
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
  return cachedSearch(trx, JSON.stringify(['hadith', search]), () => rankHadith(trx, search));
}

async function rankHadith(trx: Kysely<Database>, search: HadithTextSearch): Promise<HadithSearchHit[]> {
  const rows = await rankedRows<HadithRow>(
    trx,
    'hadith',
    search,
    (fts, table, match, wanted) => sql<HadithRow>`
      select d.id, d.collection, d.sequence, d.locale, h.number, c.position, bm25(${fts}) as score, ${table} as "table"
      from ${fts}
      cross join hadith_search_docs d on d.id = ${fts}.rowid
      cross join hadiths h on h.collection = d.collection and h.sequence = d.sequence
      cross join hadith_collections c on c.slug = d.collection
      where ${fts} match ${match} ${includeUnpublished(search, sql`h.published`)} ${localeFilter(search)}
        ${search.collection === undefined ? sql`` : sql`and d.collection = ${search.collection}`}
      order by score, c.position, d.sequence, d.locale
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
