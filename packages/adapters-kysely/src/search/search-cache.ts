import type { Kysely } from 'kysely';
import type { SharedDatabase } from '../schema.js';
import { readContentVersions } from '../stores/content-versions.js';

const ENTRIES = 256;

interface Cache {
  version: string;
  pages: Map<string, unknown>;
}

type SearchedArea = 'quran' | 'hadith';

/** One cache per database handle (a server's reads all go through one) and area searched. */
const caches = new WeakMap<object, Map<SearchedArea, Cache>>();

/**
 * Pages of hits, kept while the content they are ranked from is unchanged: the cache is keyed by the content versions
 * of the area searched and of the editions, which every write to that content raises in its transaction (its
 * tables' triggers), whichever connection, process or instance commits it; a rolled-back write raises nothing. The
 * versions are read before the search, so a page ranked from rows newer than them is kept under versions no later
 * search reads. Keyed by SQLite's `data_version` before, the cache was emptied by every commit, a key's last use or a
 * mosque's edit too: on the mix, Hadith searches ranked 743 times, 543 since. On PostgreSQL, where there was none,
 * Hadith searches were its largest cost on the mix (2.6 ms each of PostgreSQL's own time, 3.1 s a round). Ranking a
 * common word costs milliseconds; the same search asked again (`question`, its key) costs one read of the versions.
 */
export async function cachedSearch<DB extends SharedDatabase, T>(
  db: Kysely<DB>,
  area: SearchedArea,
  question: object,
  search: () => Promise<T>,
): Promise<T> {
  const key = JSON.stringify(question);
  const versions = await readContentVersions(db);
  const version = `${versions[area]}:${versions.editions}`;
  let byArea = caches.get(db);
  if (!byArea) caches.set(db, (byArea = new Map()));
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
