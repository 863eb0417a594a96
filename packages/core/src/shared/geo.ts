import { parameterError } from '../parameter-error.js';

export interface LatLng {
  lat: number;
  lng: number;
}

/** The mean radius `distanceKm` uses (IUGG); adapters that compute the distance themselves use it too. */
export const EARTH_RADIUS_KM = 6371.0088;

export const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in kilometres. */
export function distanceKm(from: LatLng, to: LatLng): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLng = toRadians(to.lng - from.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Throws a validation error naming the field when a coordinate is out of range or not a number. */
export function assertCoordinates({ lat, lng }: LatLng): void {
  if (!Number.isFinite(lat) || lat < -90 || lat > 90)
    throw parameterError('lat', 'lat must be a number from -90 to 90.');
  if (!Number.isFinite(lng) || lng < -180 || lng > 180)
    throw parameterError('lng', 'lng must be a number from -180 to 180.');
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
