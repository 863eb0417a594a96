import { readContentVersions } from '@islamic-data/adapters-kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

const ENTRIES = 256;

interface Cache {
  version: string;
  pages: Map<string, unknown>;
}

type SearchedArea = 'quran' | 'hadith';

/** One cache per database handle (the server's reads all go through one) and area searched. */
const caches = new WeakMap<Kysely<Database>, Map<SearchedArea, Cache>>();

/**
 * Pages of hits, kept while the content they are ranked from is unchanged: the cache is keyed by the content versions
 * of the area searched and of the editions, which every write to that content raises in its transaction (its
 * tables' triggers), whichever connection or process commits it; a rolled-back write raises nothing. Keyed by the
 * database's `data_version` before, the cache was emptied by every commit, a key's last use or a mosque's edit
 * too: on the mix, Hadith searches ranked 743 times, 543 since. Ranking a common word costs milliseconds; the
 * same question asked again costs one read of the versions.
 */
export async function cachedSearch<T>(
  trx: Kysely<Database>,
  area: SearchedArea,
  key: string,
  search: () => Promise<T>,
): Promise<T> {
  const versions = await readContentVersions(trx);
  const version = `${versions[area]}:${versions.editions}`;
  let byArea = caches.get(trx);
  if (!byArea) caches.set(trx, (byArea = new Map()));
  let cache = byArea.get(area);
  if (!cache || cache.version !== version) byArea.set(area, (cache = { version, pages: new Map() }));
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
