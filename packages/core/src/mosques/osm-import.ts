import { IMPORT_ACTION, OPERATOR_ACTOR } from '../audit/audit-entry.js';
import type { Clock } from '../clock.js';
import { validationError } from '../errors.js';
import { countryOfZone } from '../prayer-times/zone-countries.js';
import { hasUnsafeCharacters } from '../shared/text.js';
import type { UnitOfWork } from '../shared/unit-of-work.js';
import { timeZoneAt } from '../timezone/time-zone.js';
import { toCountryCode } from './country-codes.js';
import { osmSource, type MosqueRecord } from './mosque.js';
import { MOSQUE_FIELD_LIMITS } from './mosque-submission.js';
import { baseSlug } from './slug.js';

/** Why an element of an OpenStreetMap file was not imported. */
export const OSM_SKIP_REASONS = [
  'not-a-mosque',
  'unsupported-element',
  'no-id',
  'duplicate-id',
  'no-coordinates',
  'bad-coordinates',
  'no-name',
  'control-characters',
  'too-long',
  'no-country',
] as const;
export type OsmSkipReason = (typeof OSM_SKIP_REASONS)[number];

/** One element of the file, read: its id (`node/123`), its point (a way's or relation's centre) and its tags. */
export interface OsmElement {
  osm: string | null;
  lat: unknown;
  lng: unknown;
  tags: Record<string, unknown>;
}

/** The fields of a mosque record that come from OpenStreetMap (a re-import replaces these, nothing else). */
export type OsmMosqueFields = Pick<
  MosqueRecord,
  'nameEn' | 'nameAr' | 'addressLine1' | 'city' | 'country' | 'lat' | 'lng' | 'denomination' | 'phone' | 'website'
>;

export interface OsmImportSummary {
  /** Elements in the file. */
  elements: number;
  imported: number;
  updated: number;
  /** Already imported, nothing changed. */
  unchanged: number;
  skipped: number;
  skippedByReason: Partial<Record<OsmSkipReason, number>>;
}

type Tags = Record<string, unknown>;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The elements of an Overpass API answer (`[out:json]`, `out center`) or of a GeoJSON FeatureCollection
 * (overpass-turbo's export, osmtogeojson): the first is `{elements: [...]}` with `lat`/`lon` on nodes and
 * `center` on ways and relations; the second has `@id` (or `id`) `node/123` and Point geometry, or a shape
 * whose bounding-box centre is used. Anything else is refused as a whole (nothing is imported).
 */
export function readOsmFile(document: unknown): OsmElement[] {
  if (isObject(document) && Array.isArray(document.elements)) return document.elements.map(overpassElement);
  if (isObject(document) && document.type === 'FeatureCollection' && Array.isArray(document.features))
    return document.features.map(geoJsonFeature);
  throw validationError(
    'The file is neither an Overpass JSON answer ({"elements": [...]}) nor a GeoJSON FeatureCollection.',
  );
}

const OSM_TYPES = ['node', 'way', 'relation'];

function overpassElement(element: unknown): OsmElement {
  if (!isObject(element)) return { osm: null, lat: undefined, lng: undefined, tags: {} };
  const { type, id } = element;
  const osm =
    typeof type === 'string' && (typeof id === 'number' || typeof id === 'string') && /^\d+$/.test(String(id))
      ? `${type}/${id}`
      : null;
  const point = type === 'node' ? element : isObject(element.center) ? element.center : {};
  return { osm, lat: point.lat, lng: point.lon, tags: isObject(element.tags) ? element.tags : {} };
}

function geoJsonFeature(feature: unknown): OsmElement {
  if (!isObject(feature)) return { osm: null, lat: undefined, lng: undefined, tags: {} };
  const properties = isObject(feature.properties) ? feature.properties : {};
  const idText = [properties['@id'], feature.id, properties.id].find(
    (value): value is string => typeof value === 'string' && /^(node|way|relation)\/\d+$/.test(value),
  );
  const tags = isObject(properties.tags) ? properties.tags : properties;
  const [lng, lat] = centreOf(feature.geometry);
  return { osm: idText ?? null, lat, lng, tags };
}

/** A Point's position, or the centre of the bounding box of any other geometry's positions. */
function centreOf(geometry: unknown): [unknown, unknown] {
  if (!isObject(geometry)) return [undefined, undefined];
  if (geometry.type === 'Point' && Array.isArray(geometry.coordinates))
    return [geometry.coordinates[0], geometry.coordinates[1]];
  const positions: [number, number][] = [];
  const collect = (value: unknown) => {
    if (!Array.isArray(value)) return;
    if (value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number')
      positions.push([value[0], value[1]]);
    else value.forEach(collect);
  };
  collect(geometry.coordinates);
  if (positions.length === 0) return [undefined, undefined];
  const lngs = positions.map(([lng]) => lng);
  const lats = positions.map(([, lat]) => lat);
  return [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
}

const text = (tags: Tags, ...names: string[]): string | null => {
  for (const name of names) {
    const value = tags[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
};

const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/i;

/**
 * The record fields of one element, or why it is skipped. The country is `addr:country`, else the one
 * given for the file, else the country of the time zone at the point (when the zone is one country's).
 */
export function osmMosqueFields(
  element: OsmElement,
  defaultCountry: string | null,
): { fields: OsmMosqueFields } | { skip: OsmSkipReason } {
  const { tags } = element;
  if (element.osm === null) return { skip: 'no-id' };
  if (!OSM_TYPES.includes(element.osm.split('/')[0]!)) return { skip: 'unsupported-element' };
  if (tags.amenity !== 'place_of_worship' || tags.religion !== 'muslim') return { skip: 'not-a-mosque' };
  const { lat, lng } = element;
  if (lat === undefined || lat === null || lng === undefined || lng === null) return { skip: 'no-coordinates' };
  if (
    typeof lat !== 'number' ||
    typeof lng !== 'number' ||
    !Number.isFinite(lat) ||
    !Number.isFinite(lng) ||
    Math.abs(lat) > 90 ||
    Math.abs(lng) > 180
  )
    return { skip: 'bad-coordinates' };
  const nameEn = text(tags, 'name:en', 'name', 'name:ar');
  if (nameEn === null) return { skip: 'no-name' };
  const street = [text(tags, 'addr:housenumber'), text(tags, 'addr:street')].filter(Boolean).join(' ');
  const website = text(tags, 'website', 'contact:website');
  const phone = text(tags, 'phone', 'contact:phone');
  const fields: OsmMosqueFields = {
    nameEn,
    nameAr: text(tags, 'name:ar'),
    addressLine1: text(tags, 'addr:full') ?? street,
    city: text(tags, 'addr:city') ?? '',
    country: '',
    lat,
    lng,
    denomination: text(tags, 'denomination'),
    phone: phone !== null && phone.length <= MOSQUE_FIELD_LIMITS.phone ? phone : null,
    website: website !== null && WEB_ADDRESS.test(website) ? website : null,
  };
  const values = Object.values(fields).filter((value): value is string => typeof value === 'string');
  if (values.some((value) => hasUnsafeCharacters(value, 'line'))) return { skip: 'control-characters' };
  const limits = MOSQUE_FIELD_LIMITS;
  if (
    fields.nameEn.length > limits.nameEn ||
    (fields.nameAr?.length ?? 0) > limits.nameAr ||
    fields.addressLine1.length > limits.addressLine1 ||
    fields.city.length > limits.city ||
    (fields.denomination?.length ?? 0) > limits.denomination ||
    (fields.website?.length ?? 0) > limits.website
  )
    return { skip: 'too-long' };
  const given = text(tags, 'addr:country');
  const country =
    (given === null ? undefined : toCountryCode(given)) ?? defaultCountry ?? countryOfZone(timeZoneAt(lat, lng));
  if (!country) return { skip: 'no-country' };
  return { fields: { ...fields, country } };
}

const sameFields = (record: MosqueRecord, fields: OsmMosqueFields) =>
  (Object.keys(fields) as (keyof OsmMosqueFields)[]).every((name) => record[name] === fields[name]);

export interface OsmImportOptions {
  /** ISO 3166-1 alpha-2 for elements without `addr:country`. */
  country?: string;
  /** What the file is, for the audit entry (a file name or URL). */
  label: string;
  /** Called as elements are done (every 250 and at the end). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Imports the mosques of an OpenStreetMap file in one transaction (all of it or nothing), published with
 * `source: {osm, attribution}`. Idempotent by OSM id: an element imported before updates its record's
 * OpenStreetMap fields (its slug, state and schedule stay), one unchanged is not written; bad elements are
 * counted by reason and skipped. One audit entry (`import`, `mosques/import`) when anything changed.
 */
export async function importOsmMosques(
  deps: { unitOfWork: UnitOfWork; clock: Clock },
  elements: OsmElement[],
  options: OsmImportOptions,
): Promise<OsmImportSummary> {
  let defaultCountry: string | null = null;
  if (options.country !== undefined) {
    defaultCountry = toCountryCode(options.country) ?? null;
    if (defaultCountry === null)
      throw validationError(`country must be an ISO 3166-1 alpha-2 code such as AZ, got '${options.country}'.`);
  }
  const at = deps.clock.now().toISOString();
  const summary: OsmImportSummary = {
    elements: elements.length,
    imported: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    skippedByReason: {},
  };
  const skip = (reason: OsmSkipReason) => {
    summary.skipped++;
    summary.skippedByReason[reason] = (summary.skippedByReason[reason] ?? 0) + 1;
  };
  const seen = new Set<string>();
  const good: { osm: string; fields: OsmMosqueFields }[] = [];
  for (const element of elements) {
    const read = osmMosqueFields(element, defaultCountry);
    if ('skip' in read) skip(read.skip);
    else if (seen.has(element.osm!)) skip('duplicate-id');
    else {
      seen.add(element.osm!);
      good.push({ osm: element.osm!, fields: read.fields });
    }
  }
  return deps.unitOfWork.run(async (stores) => {
    const existing = new Map<string, MosqueRecord>();
    for (let start = 0; start < good.length; start += 500) {
      const batch = good.slice(start, start + 500).map(({ osm }) => osm);
      for (const record of await stores.mosques.getByOsm(batch)) existing.set(record.source!.osm, record);
    }
    const allocated = new Set<string>();
    const fresh: MosqueRecord[] = [];
    let done = summary.skipped;
    for (const { osm, fields } of good) {
      const before = existing.get(osm);
      if (before && sameFields(before, fields)) summary.unchanged++;
      else if (before) {
        await stores.mosques.update({ ...before, ...fields, updatedAt: at });
        summary.updated++;
      } else {
        const base = baseSlug(fields.nameEn, fields.city);
        const taken = new Set(await stores.mosques.slugsStartingWith(base));
        let slug = base;
        for (let n = 2; taken.has(slug) || allocated.has(slug); n++) slug = `${base}-${n}`;
        allocated.add(slug);
        fresh.push({
          slug,
          ...fields,
          email: null,
          description: null,
          languages: [],
          schedule: null,
          source: osmSource(osm),
          status: 'published',
          submitterEmail: '',
          moderationReason: null,
          submittedAt: at,
          moderatedAt: at,
          updatedAt: at,
        });
        summary.imported++;
      }
      if (++done % 250 === 0) options.onProgress?.(done, elements.length);
    }
    await stores.mosques.insertMany(fresh);
    options.onProgress?.(elements.length, elements.length);
    if (summary.imported + summary.updated > 0)
      await stores.audit.append({
        at,
        ...OPERATOR_ACTOR,
        action: IMPORT_ACTION,
        target: { type: 'mosque-import' },
        before: null,
        after: { source: options.label, ...summary },
      });
    return summary;
  });
}
