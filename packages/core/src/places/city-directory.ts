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
  /**
   * Resolves once `find` and `search` answer without loading anything: a directory whose data is read in the
   * background has it, and callers serving requests await it first (waiting, never blocking others).
   */
  ready?(): Promise<void>;
}

/**
 * The index of the records as a few flat typed arrays, and nothing else: what a worker thread builds and transfers
 * (`cityIndexBuffers`), and what `cityDirectoryOf` answers from. Cities are numbered most populous first (ties:
 * the lower GeoNames id), so that a smaller number is a better match everywhere.
 */
export interface CompactCities {
  /** Per city: GeoNames id, population, coordinates, and the index of its country in `countryCodes`. */
  geonameIds: Float64Array;
  populations: Float64Array;
  lats: Float64Array;
  lngs: Float64Array;
  countries: Uint16Array;
  countryCodes: string[];
  /** Every city's name, UTF-8, one after the other: city `i` is `names.bytes[names.starts[i]…names.starts[i + 1]]`. */
  names: { bytes: Uint8Array; starts: Uint32Array };
  /** Every folded name (name, ASCII name, alternate names), once, sorted by UTF-8 bytes, with its cities. */
  keys: NameTable;
  /** Short prefixes that begin many keys, sorted, with their best `CITY_SEARCH_LIMITS.max` cities. */
  ready: NameTable;
}

/** Sorted UTF-8 strings, each with a list of city numbers (ascending, i.e. most populous first). */
export interface NameTable {
  bytes: Uint8Array;
  /** `starts.length` is the number of strings plus one. */
  starts: Uint32Array;
  /** The cities of string `i` are `cities[cityStarts[i]…cityStarts[i + 1]]`. */
  cityStarts: Uint32Array;
  cities: Uint32Array;
}

/** Prefixes of up to this many characters that begin more than `READY_FROM_KEYS` keys get their best cities kept. */
const READY_PREFIX_LENGTH = 3;
const READY_FROM_KEYS = 64;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The buffers of the index, to transfer to another thread without copying them. */
export function cityIndexBuffers(index: CompactCities): ArrayBuffer[] {
  const { keys, ready, names } = index;
  const arrays: ArrayBufferView[] = [index.geonameIds, index.populations, index.lats, index.lngs, index.countries];
  arrays.push(names.bytes, names.starts, keys.bytes, keys.starts, keys.cityStarts, keys.cities);
  arrays.push(ready.bytes, ready.starts, ready.cityStarts, ready.cities);
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}

/**
 * Builds the compact index of the records: names folded once (`cityNameKey`), each folded name stored once with
 * its cities, numbers in typed arrays. No string is kept while it runs (names go straight into UTF-8 buffers), so
 * that its memory stays near the size of the result. CPU-bound (seconds for GeoNames cities500): run it off the
 * event loop (a worker thread) where requests are being served.
 */
export function compactCities(records: Iterable<CityRecord>): CompactCities {
  const fields = { geonameIds: numbers(), populations: numbers(), lats: numbers(), lngs: numbers() };
  const names = new Utf8Store();
  const countryNumbers = numbers();
  const countryIndex = new Map<string, number>();
  // Every (folded name, city) pair once: the name's bytes in `keyText`, the city (in reading order) in `keyCity`.
  const keyText = new Utf8Store();
  const keyCity = numbers();
  let count = 0;
  for (const record of records) {
    const city = count++;
    fields.geonameIds.push(record.geonameId);
    fields.populations.push(record.population);
    fields.lats.push(record.lat);
    fields.lngs.push(record.lng);
    names.add(record.name);
    let country = countryIndex.get(record.country);
    if (country === undefined) countryIndex.set(record.country, (country = countryIndex.size));
    countryNumbers.push(country);
    for (const key of new Set([record.name, ...record.otherNames].map(cityNameKey))) {
      if (key.length === 0) continue;
      keyText.add(key);
      keyCity.push(city);
    }
  }

  // Cities numbered most populous first.
  const order = Uint32Array.from({ length: count }, (_, city) => city).sort(
    (a, b) => fields.populations[b]! - fields.populations[a]! || fields.geonameIds[a]! - fields.geonameIds[b]!,
  );
  const rank = new Uint32Array(count);
  order.forEach((city, position) => (rank[city] = position));
  const inOrder = (values: number[]) => Float64Array.from(order, (city) => values[city]!);
  const countryCodes = [...countryIndex.keys()];

  const keys = keyTable(keyText, (pair) => rank[keyCity[pair]!]!);
  return {
    geonameIds: inOrder(fields.geonameIds),
    populations: inOrder(fields.populations),
    lats: inOrder(fields.lats),
    lngs: inOrder(fields.lngs),
    countries: Uint16Array.from(order, (city) => countryNumbers[city]!),
    countryCodes,
    names: names.reordered(order),
    keys,
    ready: readyPrefixes(keys),
  };
}

const numbers = (): number[] => [];

/** Strings appended as UTF-8 to one growing buffer, with the offset of each. */
class Utf8Store {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  readonly starts: number[] = [0];

  add(text: string): void {
    if (this.length + text.length * 3 > this.bytes.length) {
      const larger = new Uint8Array(Math.max(this.bytes.length * 2, this.length + text.length * 3));
      larger.set(this.bytes.subarray(0, this.length));
      this.bytes = larger;
    }
    this.length += encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
    this.starts.push(this.length);
  }

  /** The strings in the order given (string numbers), packed. */
  reordered(order: ArrayLike<number>): { bytes: Uint8Array; starts: Uint32Array } {
    const starts = new Uint32Array(order.length + 1);
    const bytes = new Uint8Array(this.length);
    for (let index = 0; index < order.length; index++) {
      const [from, to] = [this.starts[order[index]!]!, this.starts[order[index]! + 1]!];
      bytes.set(this.bytes.subarray(from, to), starts[index]!);
      starts[index + 1] = starts[index]! + (to - from);
    }
    return { bytes, starts };
  }
}

/** The (string, city) pairs as a table: pairs sorted by the string's bytes then city, equal strings made one. */
function keyTable(pairs: Utf8Store, cityOf: (pair: number) => number): NameTable {
  const { bytes: all, starts: at } = pairs;
  const order = Uint32Array.from({ length: at.length - 1 }, (_, pair) => pair).sort(
    (a, b) => compareBytes(all, at[a]!, at[a + 1]!, all, at[b]!, at[b + 1]!) || cityOf(a) - cityOf(b),
  );
  const unique: number[] = [];
  const cityStarts: number[] = [];
  order.forEach((pair, index) => {
    const previous = order[index - 1];
    if (previous === undefined || compareBytes(all, at[pair]!, at[pair + 1]!, all, at[previous]!, at[previous + 1]!)) {
      unique.push(pair);
      cityStarts.push(index);
    }
  });
  cityStarts.push(order.length);
  const { bytes, starts } = pairs.reordered(unique);
  return { bytes, starts, cityStarts: Uint32Array.from(cityStarts), cities: order.map(cityOf) };
}

/** Every prefix of up to three characters beginning more than `READY_FROM_KEYS` keys, with its best cities. */
function readyPrefixes(keys: NameTable): NameTable {
  const prefixes = new Utf8Store();
  const lists: number[][] = [];
  const total = keys.starts.length - 1;
  // The keys are sorted, so the keys of a prefix are contiguous: each prefix length walks its groups once.
  for (let length = 1; length <= READY_PREFIX_LENGTH; length++) {
    let first = 0;
    for (let index = 1; index <= total; index++) {
      const from = keys.starts[first]!;
      const end = characterEnd(keys.bytes, from, keys.starts[first + 1]!, length);
      if (index < total && startsWith(keys, index, from, end)) continue;
      // Keys shorter than the length make their own group, already counted at their own length.
      if (end !== -1 && index - first > READY_FROM_KEYS) {
        prefixes.add(decoder.decode(keys.bytes.subarray(from, end)));
        lists.push(best(keys.cities, keys.cityStarts[first]!, keys.cityStarts[index]!, CITY_SEARCH_LIMITS.max));
      }
      first = index;
    }
  }
  const order = Array.from(lists, (_, entry) => entry);
  const { bytes: all, starts: at } = prefixes;
  order.sort((a, b) => compareBytes(all, at[a]!, at[a + 1]!, all, at[b]!, at[b + 1]!));
  const { bytes, starts } = prefixes.reordered(order);
  const cityStarts = new Uint32Array(order.length + 1);
  order.forEach((entry, index) => (cityStarts[index + 1] = cityStarts[index]! + lists[entry]!.length));
  return { bytes, starts, cityStarts, cities: Uint32Array.from(order.flatMap((entry) => lists[entry]!)) };
}

/** Where the first `length` characters of the UTF-8 `bytes[from…to]` end, or -1 when it has fewer. */
function characterEnd(bytes: Uint8Array, from: number, to: number, length: number): number {
  let characters = 0;
  for (let offset = from; offset < to; offset++) {
    if ((bytes[offset]! & 0xc0) === 0x80) continue;
    if (characters === length) return offset;
    characters++;
  }
  return characters === length ? to : -1;
}

/** Whether key `index` of the table begins with the bytes `bytes[from…end]` of the table. */
function startsWith(table: NameTable, index: number, from: number, end: number): boolean {
  const start = table.starts[index]!;
  if (end === -1 || table.starts[index + 1]! - start < end - from) return false;
  return compareBytes(table.bytes, start, start + (end - from), table.bytes, from, end) === 0;
}

/** The `limit` smallest distinct city numbers of `cities[from…to]` that `accept`, ascending. */
function best(
  cities: Uint32Array,
  from: number,
  to: number,
  limit: number,
  accept?: (city: number) => boolean,
): number[] {
  const kept: number[] = [];
  for (let index = from; index < to; index++) {
    const city = cities[index]!;
    if (kept.length === limit && city >= kept[limit - 1]!) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (kept[middle]! < city) low = middle + 1;
      else high = middle;
    }
    if (kept[low] === city || (accept && !accept(city))) continue;
    kept.splice(low, 0, city);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}

function compareBytes(a: Uint8Array, aFrom: number, aTo: number, b: Uint8Array, bFrom: number, bTo: number): number {
  const length = Math.min(aTo - aFrom, bTo - bFrom);
  for (let offset = 0; offset < length; offset++) {
    const difference = a[aFrom + offset]! - b[bFrom + offset]!;
    if (difference !== 0) return difference;
  }
  return aTo - aFrom - (bTo - bFrom);
}

/**
 * The first string of the table not before `wanted`; with `prefix`, the first that neither precedes `wanted` nor
 * begins with it.
 */
function bound(table: NameTable, wanted: Uint8Array, prefix: boolean): number {
  let low = 0;
  let high = table.starts.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const [from, to] = [table.starts[middle]!, table.starts[middle + 1]!];
    let order = compareBytes(table.bytes, from, to, wanted, 0, wanted.length);
    if (prefix && order > 0 && to - from > wanted.length)
      order = compareBytes(table.bytes, from, from + wanted.length, wanted, 0, wanted.length);
    if (order < 0 || (prefix && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The entry of the table whose string is exactly `wanted`, or -1. */
function exact(table: NameTable, wanted: Uint8Array): number {
  const index = bound(table, wanted, false);
  if (index === table.starts.length - 1) return -1;
  const [from, to] = [table.starts[index]!, table.starts[index + 1]!];
  return compareBytes(table.bytes, from, to, wanted, 0, wanted.length) === 0 ? index : -1;
}

/**
 * Lookups over the compact index: `find` is a binary search of the sorted keys; `search` takes the keys beginning
 * with the prefix (one contiguous range of them, and of their cities) and keeps the most populous, unless the
 * prefix is a short one whose best cities were kept ready.
 */
export function cityDirectoryOf(index: CompactCities, credit: string): CityDirectory {
  const { keys, ready } = index;
  const cityAt = (city: number): City => ({
    name: decoder.decode(index.names.bytes.subarray(index.names.starts[city]!, index.names.starts[city + 1]!)),
    country: index.countryCodes[index.countries[city]!]!,
    geonameId: index.geonameIds[city]!,
    population: index.populations[city]!,
    lat: index.lats[city]!,
    lng: index.lngs[city]!,
    credit,
  });
  const countryCode = (country: string | undefined) =>
    country === undefined ? undefined : index.countryCodes.indexOf(country.toUpperCase());

  return {
    find(name, country) {
      const key = exact(keys, encoder.encode(cityNameKey(name)));
      if (key === -1) return null;
      const wanted = countryCode(country);
      for (let entry = keys.cityStarts[key]!; entry < keys.cityStarts[key + 1]!; entry++) {
        const city = keys.cities[entry]!;
        if (wanted === undefined || index.countries[city] === wanted) return cityAt(city);
      }
      return null;
    },
    search(prefix, { country, limit }) {
      const folded = encoder.encode(cityNameKey(prefix));
      if (folded.length === 0) return [];
      const wanted = countryCode(country);
      if (wanted === -1) return [];
      if (wanted === undefined) {
        const kept = exact(ready, folded);
        if (kept !== -1) {
          const from = ready.cityStarts[kept]!;
          return [...ready.cities.subarray(from, Math.min(from + limit, ready.cityStarts[kept + 1]!))].map(cityAt);
        }
      }
      const [first, end] = [bound(keys, folded, false), bound(keys, folded, true)];
      const accept = wanted === undefined ? undefined : (city: number) => index.countries[city] === wanted;
      return best(keys.cities, keys.cityStarts[first]!, keys.cityStarts[end]!, limit, accept).map(cityAt);
    },
  };
}

/** The index of the records, in this thread (tests, small data): `compactCities` then `cityDirectoryOf`. */
export function indexCities(records: Iterable<CityRecord>, credit: string): CityDirectory {
  return cityDirectoryOf(compactCities(records), credit);
}
