import { cityKey } from '../mosques/text-folding.js';

/** Letters without a decomposition that people type as a plain Latin letter (Bakı as Baki, Gəncə as Gence). */
const PLAIN_LETTERS: Record<string, string> = { ı: 'i', ə: 'e', ł: 'l', đ: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe' };

/** The form names are compared in: the mosques' city folding, then those letters made plain. */
export function cityNameKey(name: string): string {
  // Most names are plain ASCII words: the same key without Unicode normalisation (loading indexes about a million).
  if (PLAIN_ASCII.test(name)) return name.toLowerCase().split(' ').filter(Boolean).join(' ');
  return cityKey(name).replace(/[ıəłđøßæœ]/g, (letter) => PLAIN_LETTERS[letter]!);
}

const PLAIN_ASCII = /^[A-Za-z0-9 ]*$/;

/** A populated place of the GeoNames cities data, as answers carry it (`data.location.city`). */
export interface City {
  name: string;
  /** The data's licence and credit, on every city served (GeoNames: CC BY 4.0). */
  credit: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  geonameId: number;
  population: number;
  lat: number;
  lng: number;
}

/** A city with every name it is known by (GeoNames' ASCII name and alternate names, any script). */
export interface CityRecord extends Omit<City, 'credit'> {
  otherNames: readonly string[];
}

export const CITY_SEARCH_LIMITS = { default: 10, max: 50 } as const;

/**
 * Places by name (CONTRACT §19), read offline. Names match case-, accent- and diacritic-insensitively, the
 * name and every alternate name the data carries; of several matches the most populous wins.
 */
export interface CityDirectory {
  /** The most populous city with that name (in `country` when given), or null. */
  find(name: string, country?: string): City | null;
  /** Up to `limit` cities with a name beginning with `prefix` (in `country`), most populous first. */
  search(prefix: string, options: { country?: string; limit: number }): City[];
}

/** Short prefixes match thousands of names: their most populous cities are kept ready. */
const READY_PREFIX_LENGTH = 3;

/**
 * An in-memory index of the records: a map from every folded name to its cities (most populous first) for
 * `find`, and the folded names in sorted order for prefix search, with the best `CITY_SEARCH_LIMITS.max` cities
 * of every prefix of up to three characters computed once. Reads no file: the records come from an adapter.
 */
export function indexCities(records: Iterable<CityRecord>, credit: string): CityDirectory {
  // Most names belong to one city: a lone city is kept as itself, not in a list (a third of the memory).
  const named = new Map<string, City | City[]>();
  const prefixesOf: { city: City; prefixes: Set<string> }[] = [];
  for (const record of records) {
    const { otherNames: _otherNames, ...fields } = record;
    const city: City = { ...fields, credit };
    const keys = new Set([record.name, ...record.otherNames].map(cityNameKey).filter((key) => key.length > 0));
    const prefixes = new Set<string>();
    for (const key of keys) {
      const found = named.get(key);
      if (found === undefined) named.set(key, city);
      else if (Array.isArray(found)) found.push(city);
      else named.set(key, [found, city]);
      for (let length = 1; length <= Math.min(READY_PREFIX_LENGTH, key.length); length++)
        prefixes.add(key.slice(0, length));
    }
    prefixesOf.push({ city, prefixes });
  }
  for (const found of named.values()) if (Array.isArray(found)) found.sort(byPopulation);
  const byName = { get: (key: string) => asList(named.get(key)) };
  const sortedKeys = [...named.keys()].sort();
  // The cities taken most populous first: each short prefix's list fills in order and stops at the limit.
  const ready = new Map<string, City[]>();
  prefixesOf.sort((a, b) => byPopulation(a.city, b.city));
  for (const { city, prefixes } of prefixesOf) {
    for (const prefix of prefixes) {
      const list = ready.get(prefix);
      if (list === undefined) ready.set(prefix, [city]);
      else if (list.length < CITY_SEARCH_LIMITS.max) list.push(city);
    }
  }

  const keysFrom = function* (prefix: string) {
    for (let index = lowerBound(sortedKeys, prefix); index < sortedKeys.length; index++) {
      const key = sortedKeys[index]!;
      if (!key.startsWith(prefix)) return;
      yield byName.get(key)!;
    }
  };

  return {
    find(name, country) {
      const list = byName.get(cityNameKey(name));
      if (!list) return null;
      return (country === undefined ? list[0] : list.find((city) => city.country === country.toUpperCase())) ?? null;
    },
    search(prefix, { country, limit }) {
      const folded = cityNameKey(prefix);
      if (folded.length === 0) return [];
      const wanted = country?.toUpperCase();
      if (wanted === undefined && folded.length <= READY_PREFIX_LENGTH)
        return (ready.get(folded) ?? []).slice(0, limit);
      let best: City[] = [];
      for (const cities of keysFrom(folded)) {
        const eligible = wanted === undefined ? cities : cities.filter((city) => city.country === wanted);
        if (eligible.length > 0) best = mergeBest(best, eligible, limit);
      }
      return best;
    },
  };
}

const asList = (found: City | City[] | undefined): City[] | undefined =>
  found === undefined || Array.isArray(found) ? found : [found];

const byPopulation = (a: City, b: City) => b.population - a.population || a.geonameId - b.geonameId;

/** The `limit` most populous of both lists (each sorted), every city once. */
function mergeBest(kept: City[], more: readonly City[], limit: number): City[] {
  if (kept.length >= limit && byPopulation(more[0]!, kept[kept.length - 1]!) >= 0) return kept;
  const seen = new Set(kept.map((city) => city.geonameId));
  const merged = [...kept, ...more.filter((city) => !seen.has(city.geonameId))].sort(byPopulation);
  return merged.length > limit ? merged.slice(0, limit) : merged;
}

function lowerBound(sorted: readonly string[], value: string): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
