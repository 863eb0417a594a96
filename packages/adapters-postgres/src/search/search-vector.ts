import { comparableWord, foldArabic, type SearchTerm } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';

/** PostgreSQL keeps positions up to 16,383; later words share the last one (they still match, phrases may not). */
const MAX_POSITION = 16_383;
/** A lexeme may hold at most 2,046 bytes; no real word comes near. */
const MAX_WORD = 500;

const quoted = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * A text's words as core's search sees them (core's matchText: runs of letters and digits of the
 * Arabic-folded text, lowercase, Latin letters without accents), each at its position, as a `tsvector`
 * literal. Built here rather than by `to_tsvector`, whose parser splits and drops words its own way:
 * the index then holds exactly the words the in-memory matcher compares, and the `simple` rules
 * (no stemming, no stop words) that SQLite's folded table follows.
 */
export function searchVectorOf(text: string): string {
  const words = foldArabic(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => word.length <= MAX_WORD)
    .map((word, i) => `${quoted(comparableWord(word))}:${Math.min(i + 1, MAX_POSITION)}`)
    .join(' ');
}

/**
 * The `tsquery` literal of parsed terms, built only from their words: a term is its words in order
 * (`<->`), the last a prefix (`:*`) when asked; every wanted term (&), no excluded one (!).
 */
export function searchQueryOf(terms: readonly SearchTerm[]): string {
  const phrase = (term: SearchTerm) =>
    `(${term.words
      .map((word, i) => quoted(comparableWord(word)) + (term.prefix && i === term.words.length - 1 ? ':*' : ''))
      .join(' <-> ')})`;
  return terms.map((term) => (term.exclude ? `!${phrase(term)}` : phrase(term))).join(' & ');
}

/** The tables whose texts are indexed, each with its text column; `search_vector` is their index column. */
export const SEARCHED_TABLES = {
  quran: [
    { table: 'quran_ayahs', text: 'text_ar' },
    { table: 'quran_ayah_translations', text: 'text' },
  ],
  hadith: [
    { table: 'hadiths', text: 'text_ar' },
    { table: 'hadith_translations', text: 'text' },
  ],
} as const;

const BATCH = 500;

/**
 * Indexes every text whose `search_vector` is missing: a new row, or one whose text a trigger found
 * changed (it clears the vector). The stores call it at the end of each write, so the index follows
 * the write in its own transaction; the vectors are built here because core's Arabic folding is
 * JavaScript. A partial index finds the rows to do.
 */
// The migration indexes through its untyped handle, the stores through theirs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function indexSearchText(trx: Kysely<any>, resource: keyof typeof SEARCHED_TABLES): Promise<void> {
  for (const { table, text } of SEARCHED_TABLES[resource]) {
    for (;;) {
      const { rows } = await sql<{ id: string; text: string }>`
        select ctid::text as id, ${sql.ref(text)} as text from ${sql.table(table)}
        where search_vector is null and ${sql.ref(text)} is not null limit ${BATCH}`.execute(trx);
      if (rows.length === 0) break;
      const values = sql.join(rows.map((row) => sql`(${row.id}::tid, ${searchVectorOf(row.text)}::tsvector)`));
      const { numAffectedRows } = await sql`update ${sql.table(table)} as t set search_vector = v.vector
        from (values ${values}) as v(id, vector) where t.ctid = v.id`.execute(trx);
      // A row another transaction moved meanwhile keeps its null: it is indexed by the next write.
      if (numAffectedRows === 0n) break;
    }
  }
}
