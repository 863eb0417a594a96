import { EARTH_RADIUS_KM, toRadians, type LatLng } from '../shared/geo.js';

export interface LatLngBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** Widens the boxes a little, so that rounding never drops a point that lies on the circle. */
const MARGIN_DEGREES = 1e-6;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * Boxes (in degrees) that together contain every point within `radiusKm` of `center` on the
 * sphere: a prefilter for an index, to be followed by the exact distance. A circle that crosses
 * the antimeridian gives two boxes; one that reaches a pole covers every longitude.
 */
export function boundingBoxes(center: LatLng, radiusKm: number): LatLngBox[] {
  const angular = toDegrees(radiusKm / EARTH_RADIUS_KM) + MARGIN_DEGREES;
  const minLat = center.lat - angular;
  const maxLat = center.lat + angular;
  if (minLat <= -90 || maxLat >= 90 || angular >= 90) {
    return [{ minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), minLng: -180, maxLng: 180 }];
  }
  // The widest longitude span of a spherical cap (it is reached north or south of the centre's latitude).
  const ratio = Math.sin(toRadians(angular)) / Math.cos(toRadians(center.lat));
  const halfWidth = ratio >= 1 ? 180 : toDegrees(Math.asin(ratio)) + MARGIN_DEGREES;
  const west = center.lng - halfWidth;
  const east = center.lng + halfWidth;
  if (halfWidth >= 180) return [{ minLat, maxLat, minLng: -180, maxLng: 180 }];
  if (west < -180)
    return [
      { minLat, maxLat, minLng: west + 360, maxLng: 180 },
      { minLat, maxLat, minLng: -180, maxLng: east },
    ];
  if (east > 180)
    return [
      { minLat, maxLat, minLng: west, maxLng: 180 },
      { minLat, maxLat, minLng: -180, maxLng: east - 360 },
    ];
  return [{ minLat, maxLat, minLng: west, maxLng: east }];
}
