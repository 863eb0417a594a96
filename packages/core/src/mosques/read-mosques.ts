import { notFound } from '../errors.js';
import { parameterError } from '../parameter-error.js';
import { roundTo, type LatLng } from '../shared/geo.js';
import type { Stores } from '../shared/unit-of-work.js';
import { toCountryCode } from './country-codes.js';
import { toPublicMosque, type PublicMosque, type PublicMosqueWithDistance } from './mosque.js';
import type { MosqueSearch } from './mosque-store.js';
import { cityKey, foldText, words } from './text-folding.js';

export const MOSQUE_LIST_LIMIT = { default: 20, max: 100 } as const;
export const NEAR_RADIUS_KM = { default: 25, max: 500 } as const;
export const MAX_SEARCH_TERMS = 10;

/** The filters of a mosque listing, as text (or numbers already coerced). */
export interface MosqueListQuery {
  /** `lat,lng[,radiusKm]` */
  near?: string;
  country?: string;
  city?: string;
  q?: string;
  limit?: number;
}

type MosqueReadStores = Pick<Stores, 'mosques'>;

/**
 * Published mosques matching every given filter: nearest first with `near` (each with
 * `distanceKm`), otherwise by slug.
 */
export async function listMosques(
  stores: MosqueReadStores,
  query: MosqueListQuery,
): Promise<(PublicMosque | PublicMosqueWithDistance)[]> {
  const search = parseMosqueQuery(query);
  const hits = await stores.mosques.searchPublished(search);
  return hits.map(({ mosque, distanceKm }) =>
    distanceKm === undefined ? mosque : { ...mosque, distanceKm: roundTo(distanceKm, 3) },
  );
}

/** One published mosque; any other state is as absent as a slug never used. */
export async function getPublishedMosque(stores: MosqueReadStores, slug: string): Promise<PublicMosque> {
  const record = await stores.mosques.get(slug);
  if (!record || record.status !== 'published') throw notFound(`There is no published mosque '${slug}'.`);
  return toPublicMosque(record);
}

export function parseMosqueQuery(query: MosqueListQuery): MosqueSearch {
  const limit = query.limit ?? MOSQUE_LIST_LIMIT.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > MOSQUE_LIST_LIMIT.max) {
    throw parameterError('limit', `limit must be an integer from 1 to ${MOSQUE_LIST_LIMIT.max}.`);
  }
  const search: MosqueSearch = { limit };
  if (query.near !== undefined) search.near = parseNear(query.near);
  if (query.country !== undefined) {
    const country = toCountryCode(query.country);
    if (!country)
      throw parameterError('country', `country must be an ISO 3166-1 alpha-2 code such as GB, got '${query.country}'.`);
    search.country = country;
  }
  if (query.city !== undefined) {
    const city = cityKey(query.city);
    if (!city) throw parameterError('city', 'city must contain a letter or digit.');
    search.city = city;
  }
  if (query.q !== undefined) search.terms = searchTerms(query.q);
  return search;
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** `lat,lng[,radiusKm]`: the radius defaults to 25 km and must be more than 0 and at most 500. */
export function parseNear(value: string): LatLng & { radiusKm: number } {
  const parts = value.split(',').map((part) => part.trim());
  const invalid = (problem: string) => parameterError('near', `near ${problem}`);
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => !DECIMAL.test(part))) {
    throw invalid(`must be lat,lng or lat,lng,radiusKm (decimal degrees, radius in km), got '${value}'.`);
  }
  const [lat, lng, radiusKm = NEAR_RADIUS_KM.default] = parts.map(Number) as [number, number, number?];
  if (lat < -90 || lat > 90) throw invalid(`has latitude ${lat}; it must be from -90 to 90.`);
  if (lng < -180 || lng > 180) throw invalid(`has longitude ${lng}; it must be from -180 to 180.`);
  if (!(radiusKm > 0) || radiusKm > NEAR_RADIUS_KM.max) {
    throw invalid(`has radius ${radiusKm} km; it must be more than 0 and at most ${NEAR_RADIUS_KM.max}.`);
  }
  return { lat, lng, radiusKm };
}

/** The folded, distinct words of a `q`; each is matched as the beginning of a word. */
export function searchTerms(q: string): string[] {
  const terms = [...new Set(words(foldText(q)))];
  if (terms.length === 0) throw parameterError('q', 'q must contain at least one letter or digit.');
  if (terms.length > MAX_SEARCH_TERMS) throw parameterError('q', `q may have at most ${MAX_SEARCH_TERMS} words.`);
  return terms;
}
