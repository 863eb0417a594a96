import type { OsmSkipReason } from '@islamic-data/core';
import { seededRandom } from './generate-mosques.js';

/** A generated element that must be imported: where it must be found and under what name. */
export interface GoodOsmElement {
  osm: string;
  nameEn: string;
  lat: number;
  lng: number;
}

export interface GeneratedOsmFile {
  /** The file's JSON: an Overpass answer or a GeoJSON FeatureCollection. */
  document: unknown;
  good: GoodOsmElement[];
  /** How many broken elements of each kind the file holds. */
  broken: Partial<Record<OsmSkipReason, number>>;
}

export interface GenerateOsmOptions {
  count: number;
  /** One element in `1 / brokenEvery` is broken (20: 5 %), in turn of the kinds below. */
  brokenEvery?: number;
  format: 'overpass' | 'geojson';
  seed?: number;
  /** Added to every good element's name (a re-import that changes names). */
  nameSuffix?: string;
  /** Only elements whose number passes get `nameSuffix`. */
  renamed?: (n: number) => boolean;
}

const BROKEN_KINDS: OsmSkipReason[] = [
  'no-coordinates',
  'no-name',
  'not-a-mosque',
  'bad-coordinates',
  'control-characters',
  'duplicate-id',
];

const round7 = (value: number) => Math.round(value * 1e7) / 1e7;

/**
 * A visibly synthetic OpenStreetMap extract ("Test Mosque 00042") of `count` elements over Azerbaijan's box:
 * nodes, ways with a `center` and relations with a `center` in turn, with names (some Arabic), addresses,
 * phones and websites; one in `brokenEvery` broken in one of six ways. Deterministic for a seed.
 */
export function generateOsmFile(options: GenerateOsmOptions): GeneratedOsmFile {
  const random = seededRandom(options.seed ?? 7);
  const brokenEvery = options.brokenEvery ?? 20;
  const good: GoodOsmElement[] = [];
  const broken: Partial<Record<OsmSkipReason, number>> = {};
  const elements: Record<string, unknown>[] = [];
  for (let n = 1; n <= options.count; n++) {
    const type = ['node', 'way', 'relation'][n % 10 < 6 ? 0 : n % 10 < 9 ? 1 : 2]!;
    const lat = round7(38.5 + random() * 3.2);
    const lng = round7(45.2 + random() * 4.8);
    const number = String(n).padStart(5, '0');
    const renamed = options.nameSuffix !== undefined && (options.renamed?.(n) ?? true);
    const tags: Record<string, string> = {
      amenity: 'place_of_worship',
      religion: 'muslim',
      name: `Test Mosque ${number}${renamed ? options.nameSuffix : ''}`,
      'addr:street': 'Test Street',
      'addr:housenumber': String(n),
      'addr:city': `Test City ${n % 50}`,
      'addr:country': 'AZ',
    };
    if (n % 3 === 0) tags['name:ar'] = `مسجد الاختبار ${number}`;
    if (n % 4 === 0) tags.phone = `+994 00 000 ${number}`;
    if (n % 5 === 0) tags.website = `https://example.org/test-mosques/${number}`;
    let element: Record<string, unknown> = { type, id: 100_000 + n, tags };
    if (type === 'node') element = { ...element, lat, lon: lng };
    else element = { ...element, center: { lat, lon: lng } };
    const kind = n % brokenEvery === 0 ? BROKEN_KINDS[(n / brokenEvery) % BROKEN_KINDS.length]! : null;
    if (kind === 'no-coordinates') {
      delete element.lat;
      delete element.lon;
      delete element.center;
    } else if (kind === 'no-name') delete tags.name;
    else if (kind === 'not-a-mosque') tags.religion = 'christian';
    else if (kind === 'bad-coordinates') element = { ...element, lat: 123, center: { lat: 123, lon: lng } };
    else if (kind === 'control-characters') tags.name = `Test Mosque ${number}\u001b[31m`;
    else if (kind === 'duplicate-id') element = { ...elements[elements.length - 1]! };
    if (kind) broken[kind] = (broken[kind] ?? 0) + 1;
    else good.push({ osm: `${type}/${100_000 + n}`, nameEn: tags.name!, lat, lng });
    elements.push(element);
  }
  const document =
    options.format === 'overpass'
      ? { version: 0.6, generator: 'islamic-data test fixture', elements }
      : { type: 'FeatureCollection', features: elements.map(toFeature) };
  return { document, good, broken };
}

/** An element as osmtogeojson writes it: `@id` and the tags as properties, a Point (a way as a small polygon). */
function toFeature(element: Record<string, unknown>): Record<string, unknown> {
  const point = (element.center ?? (element.lat === undefined ? undefined : element)) as
    { lat: number; lon: number } | undefined;
  const id = `${element.type}/${element.id}`;
  const geometry =
    point === undefined
      ? null
      : element.type === 'way'
        ? {
            type: 'Polygon',
            coordinates: [
              [
                [point.lon - 0.0001, point.lat - 0.0001],
                [point.lon + 0.0001, point.lat - 0.0001],
                [point.lon + 0.0001, point.lat + 0.0001],
                [point.lon - 0.0001, point.lat + 0.0001],
                [point.lon - 0.0001, point.lat - 0.0001],
              ],
            ],
          }
        : { type: 'Point', coordinates: [point.lon, point.lat] };
  return { type: 'Feature', id, properties: { '@id': id, ...(element.tags as object) }, geometry };
}
