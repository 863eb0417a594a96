import type { SearchTerm } from '@islamic-data/core';

/** One term as an FTS5 string: always quoted, so no word of `q` is ever read as an operator. */
const quoted = (term: SearchTerm) => `"${term.words.join(' ').replaceAll('"', '""')}"${term.prefix ? '*' : ''}`;

/**
 * The FTS5 MATCH expression of parsed terms, built only from their words (letters and digits):
 * every wanted term (AND), NOT any excluded one.
 */
export function fts5Match(terms: readonly SearchTerm[]): string {
  const wanted = terms.filter((term) => !term.exclude).map(quoted);
  const excluded = terms.filter((term) => term.exclude).map(quoted);
  const all = wanted.join(' ');
  return excluded.length === 0 ? all : `(${all}) NOT (${excluded.join(' OR ')})`;
}
