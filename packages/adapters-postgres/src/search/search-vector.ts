import { comparableWord, foldArabic, type SearchTerm } from '@islamic-data/core';
import { sql, type Kysely } from 'kysely';
import { isStemmedSql } from '@islamic-data/adapters-kysely';
import { STEM_MARK } from './english-stems.js';

/** PostgreSQL keeps positions up to 16,383; later words share the last one (they still match, phrases may not). */
const MAX_POSITION = 16_383;
/** A lexeme may hold at most 2,046 bytes; no real word comes near. */
export const MAX_WORD = 500;

const quoted = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * A text's words as core's search sees them (core's matchText: runs of letters and digits of the
 * Arabic-folded text, lowercase, Latin letters without accents), in order. The index holds exactly
 * these, each at its position, rather than what `to_tsvector`'s parser would make of the text (it
 * splits and drops words its own way): the `simple` rules (no stop words), plus, for English, each
 * word's stem at the same position (english-stems.ts), as SQLite's porter table stems.
 */
export function searchWordsOf(text: string): string[] {
  return (foldArabic(text).match(/[\p{L}\p{N}]+/gu) ?? [])
    .map(comparableWord)
    .filter((word) => word.length <= MAX_WORD);
}

/**
 * The `tsquery` literal of parsed terms, built only from their words: a term is its words in order
 * (`<->`), the last a prefix (`:*`) when asked; a word also matches an English text by its stem;
 * every wanted term (&), no excluded one (!).
 */
export function searchQueryOf(terms: readonly SearchTerm[], stems: ReadonlyMap<string, string>): string {
  const word = (raw: string, prefix: boolean) => {
    const comparable = comparableWord(raw);
    const stem = stems.get(comparable);
    if (prefix) return `${quoted(comparable)}:*`;
    return stem ? `(${quoted(comparable)} | ${quoted(STEM_MARK + stem)})` : quoted(comparable);
  };
  const phrase = (term: SearchTerm) =>
    `(${term.words.map((raw, i) => word(raw, term.prefix && i === term.words.length - 1)).join(' <-> ')})`;
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
 * the write in its own transaction; the words are read here because core's Arabic folding is
 * JavaScript. A partial index finds the rows to do.
 */
// The migration indexes through its untyped handle, the stores through theirs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function indexSearchText(trx: Kysely<any>, resource: keyof typeof SEARCHED_TABLES): Promise<void> {
  for (const { table, text } of SEARCHED_TABLES[resource]) {
    const stemmed = sql.raw(text === 'text' ? isStemmedSql('locale') : 'false');
    for (;;) {
      const { rows } = await sql<{ id: string; text: string; stemmed: boolean }>`
        select ctid::text as id, ${sql.ref(text)} as text, ${stemmed} as stemmed from ${sql.table(table)}
        where search_vector is null and ${sql.ref(text)} is not null limit ${BATCH}`.execute(trx);
      if (rows.length === 0) break;
      const values = sql.join(
        rows.map((row) => sql`(${row.id}::tid, ${searchWordsOf(row.text)}::text[], ${row.stemmed}::boolean)`),
      );
      // Each word at its position, and an English word's stem (marked) at the same one. Words are
      // letters and digits only, so quoting them needs no escape.
      const { numAffectedRows } = await sql`update ${sql.table(table)} as t set search_vector = coalesce((
          select string_agg(quote_nullable(lexeme) || ':' || least(w.position, ${MAX_POSITION}), ' ')
          from unnest(v.words) with ordinality as w(word, position),
            unnest(array[w.word] || case when v.stemmed
              then array(select ${STEM_MARK} || s from unnest(ts_lexize('english_stem', w.word)) as s)
              else array[]::text[] end) as lexeme
        ), '')::tsvector
        from (values ${values}) as v(id, words, stemmed) where t.ctid = v.id`.execute(trx);
      // A row another transaction moved meanwhile keeps its null: it is indexed by the next write.
      if (numAffectedRows === 0n) break;
    }
  }
}
