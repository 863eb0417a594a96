import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

const ENTRIES = 256;

interface Cache {
  version: string;
  pages: Map<string, unknown>;
}

/** One cache per database handle: the server's reads all go through one. */
const caches = new WeakMap<Kysely<Database>, Cache>();

/**
 * Pages of hits, kept while the database is unchanged: `total_changes()` counts this connection's
 * writes (a rolled-back one too, which only costs a miss) and `data_version` another process's
 * commits (an import by the CLI), so any write empties the cache before the next search reads it.
 * Ranking a common word costs milliseconds; the same question asked again costs two pragmas.
 */
export async function cachedSearch<T>(trx: Kysely<Database>, key: string, search: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{
    version: string;
  }>`select (select data_version from pragma_data_version) || ':' || total_changes() as version`.execute(trx);
  const version = rows[0]!.version;
  let cache = caches.get(trx);
  if (!cache || cache.version !== version) caches.set(trx, (cache = { version, pages: new Map() }));
  const hit = cache.pages.get(key);
  if (hit !== undefined) {
    cache.pages.delete(key);
    cache.pages.set(key, hit);
    return structuredClone(hit) as T;
  }
  const result = await search();
  if (cache.pages.size >= ENTRIES) cache.pages.delete(cache.pages.keys().next().value!);
  cache.pages.set(key, structuredClone(result));
  return result;
}
