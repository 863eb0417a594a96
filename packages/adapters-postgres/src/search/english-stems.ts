import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * Stems are indexed beside the words, at the same position, with this mark, so that a stem never
 * matches a word of another language that happens to be spelt like it.
 */
export const STEM_MARK = '~';

/**
 * Words whose stem was asked for, with it ('' for a stop word, which has none). The stems depend on the PostgreSQL
 * release alone (its Snowball code and stop words), on no table, so what the server answered once holds for the
 * process: searches repeat their words, and each one stemmed here is a round trip saved (two a search: the query's
 * words and those of its hits). At most MAX_KNOWN_STEMS words (a few MB at most): forgotten all at once when full.
 */
const knownStems = new Map<string, string>();
export const MAX_KNOWN_STEMS = 20_000;

/** What this process knows of a word: its stem, '' for a stop word (no stem), undefined when never asked. */
export const rememberedStem = (word: string): string | undefined => knownStems.get(word);

/**
 * The English stem of each word, by PostgreSQL's Snowball `english_stem` dictionary (built in, no
 * extension); a stop word has none (and is then matched as itself). Only words not seen before are sent.
 */
export async function englishStems(trx: Kysely<Database>, words: Iterable<string>): Promise<Map<string, string>> {
  const distinct = [...new Set(words)];
  const stems = new Map<string, string>();
  const unknown: string[] = [];
  for (const word of distinct) {
    const stem = knownStems.get(word);
    if (stem === undefined) unknown.push(word);
    else if (stem) stems.set(word, stem);
  }
  if (unknown.length === 0) return stems;
  const { rows } = await sql<{ word: string; stem: string | null }>`
    select word, (ts_lexize('english_stem', word))[1] as stem from unnest(${unknown}::text[]) as word`.execute(trx);
  const remembered = rows.length <= MAX_KNOWN_STEMS;
  if (remembered && knownStems.size + rows.length > MAX_KNOWN_STEMS) knownStems.clear();
  for (const { word, stem } of rows) {
    if (remembered) knownStems.set(word, stem ?? '');
    if (stem) stems.set(word, stem);
  }
  return stems;
}
