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
 * The snippet of one hit: FTS5 marks the matches, in the original text (the Arabic is indexed
 * folded). The rowid is cast because FTS5 ignores a rowid constraint bound as a real number, which
 * is how a JavaScript number is bound.
 */
async function snippetOf(
  trx: Kysely<Database>,
  resource: SearchResource,
  row: IndexRow,
  search: TextSearch,
  originalArabic: () => Promise<string>,
): Promise<string> {
  const fts = sql.raw(SEARCH_TABLES[resource][row.table]);
  const { rows } = await sql<{ marked: string }>`select highlight(${fts}, 0, ${OPEN}, ${CLOSE}) as marked
    from ${fts} where ${fts} match ${fts5Match(search.terms)} and rowid = cast(${row.id} as integer)`.execute(trx);
  const { text, ranges } = unmark(rows[0]?.marked ?? '');
  if (row.locale !== ARABIC_LOCALE) return buildSnippet(text, ranges);
  const original = await originalArabic();
  const { offsets } = foldArabicWithOffsets(original);
  return buildSnippet(
    original,
    ranges.map(([start, end]) => originalRange(original, offsets, start, end)),
  );
}

/** The text highlight() marked, without its marks, and where they were. */
function unmark(marked: string): { text: string; ranges: TextRange[] } {
  let text = '';
  const ranges: TextRange[] = [];
  let start = -1;
  for (const char of marked) {
    if (char === OPEN) start = text.length;
    else if (char === CLOSE) ranges.push([start, text.length]);
    else text += char;
  }
  return { text, ranges };
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
  const hits: QuranSearchHit[] = [];
  for (const row of rows) {
    const snippet = await snippetOf(trx, 'quran', row, search, async () => {
      const ayah = await trx
        .selectFrom('quran_ayahs')
        .select('text_ar')
        .where('surah', '=', row.surah)
        .where('ayah', '=', row.ayah)
        .executeTakeFirstOrThrow();
      return ayah.text_ar;
    });
    hits.push({ surah: row.surah, ayah: row.ayah, locale: row.locale, snippet });
  }
  return hits;
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
  const hits: HadithSearchHit[] = [];
  for (const row of rows) {
    const snippet = await snippetOf(trx, 'hadith', row, search, async () => {
      const hadith = await trx
        .selectFrom('hadiths')
        .select('text_ar')
        .where('collection', '=', row.collection)
        .where('sequence', '=', row.sequence)
        .executeTakeFirstOrThrow();
      return hadith.text_ar ?? '';
    });
    hits.push({ collection: row.collection, number: row.number, sequence: row.sequence, locale: row.locale, snippet });
  }
  return hits;
}
