import { toMosqueRow as toSharedMosqueRow, type MosquesTable } from '@islamic-data/adapters-kysely';
import { isSearchable, searchableFields, words, type MosqueRecord } from '@islamic-data/core';
import { sql, type Insertable, type RawBuilder } from 'kysely';

/** The shared mosques table with PostgreSQL's search column. */
export interface PostgresMosquesTable extends MosquesTable {
  /**
   * The distinct folded words of the searchable fields as lexemes (`array_to_tsvector`, no parser:
   * the words are core's, whatever the database's locale); null unless the mosque is searchable.
   */
  search_lexemes: string | null;
}

/** The row of a record, search lexemes included (an SQL expression, so that inserts and updates take it). */
export function toMosqueRow(record: MosqueRecord): Insertable<MosquesTable> & {
  search_lexemes: RawBuilder<string | null>;
} {
  return { ...toSharedMosqueRow(record), search_lexemes: searchLexemesOf(record) };
}

function searchLexemesOf(record: MosqueRecord): RawBuilder<string | null> {
  if (!isSearchable(record)) return sql<null>`null`;
  const lexemes = [...new Set(searchableFields(record).flatMap(words))];
  return sql<string>`array_to_tsvector(${lexemes}::text[])`;
}
