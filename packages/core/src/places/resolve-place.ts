import { parameterError } from '../parameter-error.js';
import type { City, CityDirectory } from './city-directory.js';

/** Where a place-taking route is asked about: coordinates, or a city name (CONTRACT §19). */
export interface PlaceQuery {
  lat?: number | null;
  lng?: number | null;
  city?: string | null;
  country?: string | null;
}

export interface ResolvedPlace {
  lat: number;
  lng: number;
  /** The city named, when the place was asked by name. */
  city: City | null;
}

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/**
 * The coordinates of the place: `lat` and `lng`, or those of the most populous city named `city` (in `country`).
 * Throws naming the parameter: both ways at once, one coordinate alone, no place, or a city not found.
 */
export function resolvePlace(query: PlaceQuery, cities: CityDirectory | undefined): ResolvedPlace {
  const { lat, lng, city, country } = query;
  if (given(city)) {
    if (given(lat) || given(lng))
      throw parameterError('city', 'city cannot be given together with lat and lng: send one or the other.');
    if (!cities) throw parameterError('city', 'city cannot be looked up: this server has no city directory.');
    const found = cities.find(city, country ?? undefined);
    if (!found) {
      const where = given(country) ? ` in ${country.toUpperCase()}` : '';
      throw parameterError('city', `city matches no city${where}; GET /cities?q= lists the names known.`);
    }
    return { lat: found.lat, lng: found.lng, city: found };
  }
  if (given(country)) throw parameterError('country', 'country can only be given with city.');
  if (!given(lat)) throw parameterError('lat', 'lat is required (or city instead of lat and lng).');
  if (!given(lng)) throw parameterError('lng', 'lng is required (or city instead of lat and lng).');
  return { lat, lng, city: null };
}
