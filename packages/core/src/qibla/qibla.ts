import { Coordinates, Qibla } from 'adhan';
import { assertCoordinates, distanceKm, roundTo, type LatLng } from '../shared/geo.js';

/** The Kaaba, as adhan places it. */
export const KAABA: LatLng = { lat: 21.4225241, lng: 39.8261818 };

export interface QiblaResult {
  /** Degrees clockwise from true north, 0 ≤ bearing < 360: the great-circle initial bearing. */
  bearing: number;
  origin: LatLng;
  kaaba: LatLng;
  distanceKm: number;
}

/** Within this distance of the Kaaba the direction is undefined; we answer 0. */
const AT_THE_KAABA_KM = 0.001;

export function qibla(origin: LatLng): QiblaResult {
  assertCoordinates(origin);
  const distance = distanceKm(origin, KAABA);
  const bearing = distance < AT_THE_KAABA_KM ? 0 : roundTo(Qibla(new Coordinates(origin.lat, origin.lng)), 4) % 360;
  return {
    bearing,
    origin: { lat: origin.lat, lng: origin.lng },
    kaaba: { ...KAABA },
    distanceKm: roundTo(distance, 1),
  };
}
