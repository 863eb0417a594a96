import { sql, type Kysely } from 'kysely';
import { indexSearchText, SEARCHED_TABLES } from '../../search/search-vector.js';

/**
 * The full-text index of the Quran and the Hadith: a `search_vector` column on each text table
 * (search-vector.ts builds it from core's folded words), a GIN index over it, a partial index of
 * the rows still to index, and a trigger that clears the vector when the text changes, so the
 * store's next indexing pass rebuilds it in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['text_ar', 'text']) {
    await sql
      .raw(
        `create function clear_search_vector_${column}() returns trigger language plpgsql as $$
          begin
            if new.${column} is distinct from old.${column} then new.search_vector := null; end if;
            return new;
          end $$`,
      )
      .execute(db);
  }
  for (const { table, text } of Object.values(SEARCHED_TABLES).flat()) {
    await sql.raw(`alter table ${table} add column search_vector tsvector`).execute(db);
    await sql.raw(`create index ${table}_search on ${table} using gin (search_vector)`).execute(db);
    await sql
      .raw(`create index ${table}_to_index on ${table} ((1)) where search_vector is null and ${text} is not null`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_text_changed before update of ${text} on ${table}
          for each row execute function clear_search_vector_${text}()`,
      )
      .execute(db);
  }
  await indexSearchText(db, 'quran');
  await indexSearchText(db, 'hadith');
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of Object.values(SEARCHED_TABLES).flat()) {
    await sql.raw(`drop trigger ${table}_text_changed on ${table}`).execute(db);
    await sql.raw(`alter table ${table} drop column search_vector`).execute(db);
  }
  for (const column of ['text_ar', 'text']) await sql.raw(`drop function clear_search_vector_${column}()`).execute(db);
}
