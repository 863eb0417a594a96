import { resolvePlace, type City, type PlaceQuery } from '@islamic-data/core';
import type { AppDependencies } from '../../dependencies.js';

/**
 * The query with `city` and `country` replaced by the city's coordinates (CONTRACT §19), and a function adding
 * the city to an answer's `location`. Asked by name while the directory still loads, it waits for it (other
 * requests go on meanwhile).
 */
export async function locate<Query extends PlaceQuery>(
  query: Query,
  deps: Pick<AppDependencies, 'cities'>,
): Promise<{
  options: Omit<Query, 'city' | 'country' | 'lat' | 'lng'> & { lat: number; lng: number };
  city: City | null;
}> {
  const { city: _city, country: _country, lat: _lat, lng: _lng, ...rest } = query;
  if (query.city !== undefined && query.city !== null) await citiesReady(deps);
  const place = resolvePlace(query, deps.cities);
  return { options: { ...rest, lat: place.lat, lng: place.lng }, city: place.city };
}

/** Once the city directory answers lookups (at once when it is loaded, or when there is none). */
export async function citiesReady(deps: Pick<AppDependencies, 'cities'>): Promise<void> {
  await deps.cities?.ready?.();
}

/** The answer with `location.city` when the place was asked by name. */
export function withCity<Answer extends { location: object }>(answer: Answer, city: City | null): Answer {
  return city === null ? answer : { ...answer, location: { ...answer.location, city } };
}
