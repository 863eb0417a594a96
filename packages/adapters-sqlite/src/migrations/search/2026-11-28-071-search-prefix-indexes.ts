import { sql, type Kysely } from 'kysely';
import { SEARCH_TABLES, TOKENIZERS, type SearchTable } from '../../search/search-tables.js';

/** The prefix lengths FTS5 keeps an index of: a search's prefixes have 2 letters or more (MIN_PREFIX_LENGTH). */
export const PREFIX_INDEXES = '2 3';

/**
 * Issue 26: FTS5 prefix indexes for prefixes of 2 and 3 letters, which otherwise merge the lists of
 * every indexed word they begin on each search. FTS5 takes its options only when a table is created,
 * so each table is created again under the same name and filled from a copy of its rows (same rowids,
 * so the documents table and the triggers, which name the table, stay as they are).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await recreate(db, `, prefix = '${PREFIX_INDEXES}'`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await recreate(db, '');
}

async function recreate(db: Kysely<any>, options: string): Promise<void> {
  for (const tables of Object.values(SEARCH_TABLES)) {
    for (const kind of ['stemmed', 'folded'] as SearchTable[]) {
      const table = tables[kind];
      await sql.raw(`create temp table search_copy as select rowid as id, text from ${table}`).execute(db);
      await sql.raw(`drop table ${table}`).execute(db);
      await sql
        .raw(`create virtual table ${table} using fts5(text, tokenize = '${TOKENIZERS[kind]}'${options})`)
        .execute(db);
      await sql.raw(`insert into ${table} (rowid, text) select id, text from temp.search_copy order by id`).execute(db);
      await sql.raw('drop table temp.search_copy').execute(db);
    }
  }
}
