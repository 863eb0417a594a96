import { resolvePlace, type City, type PlaceQuery } from '@islamic-data/core';
import type { AppDependencies } from '../../dependencies.js';

/**
 * The query with `city` and `country` replaced by the city's coordinates (CONTRACT §19), and a function adding
 * the city to an answer's `location`.
 */
export function locate<Query extends PlaceQuery>(
  query: Query,
  deps: Pick<AppDependencies, 'cities'>,
): { options: Omit<Query, 'city' | 'country' | 'lat' | 'lng'> & { lat: number; lng: number }; city: City | null } {
  const { city: _city, country: _country, lat: _lat, lng: _lng, ...rest } = query;
  const place = resolvePlace(query, deps.cities);
  return { options: { ...rest, lat: place.lat, lng: place.lng }, city: place.city };
}

/** The answer with `location.city` when the place was asked by name. */
export function withCity<Answer extends { location: object }>(answer: Answer, city: City | null): Answer {
  return city === null ? answer : { ...answer, location: { ...answer.location, city } };
}
