import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Stems are indexed beside the words, at the same position, with this mark, so that a stem never
 * matches a word of another language that happens to be spelt like it.
 */
export const STEM_MARK = '~';

/**
 * The English stem of each word, by PostgreSQL's Snowball `english_stem` dictionary (built in, no
 * extension); a stop word has none (and is then matched as itself).
 */
export async function englishStems(trx: Kysely<Database>, words: Iterable<string>): Promise<Map<string, string>> {
  const distinct = [...new Set(words)];
  if (distinct.length === 0) return new Map();
  const { rows } = await sql<{ word: string; stem: string | null }>`
    select word, (ts_lexize('english_stem', word))[1] as stem from unnest(${distinct}::text[]) as word`.execute(trx);
  return new Map(rows.filter((row) => row.stem).map((row) => [row.word, row.stem!]));
}
