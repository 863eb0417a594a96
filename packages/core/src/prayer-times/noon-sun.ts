import { utcMidnight, type CivilDate } from '../timezone/civil-date.js';

const DEGREES = Math.PI / 180;

/**
 * The sun's declination at 12:00 UTC of the date, in degrees (Meeus, Astronomical Algorithms
 * ch. 25, low accuracy: within 0.01°). adhan computes the same internally but does not export it.
 */
function solarDeclination(date: CivilDate): number {
  const julianCenturies = (utcMidnight(date) / 86_400_000 + 2440587.5 + 0.5 - 2451545) / 36525;
  const t = julianCenturies;
  const meanLongitude = 280.46646 + 36000.76983 * t + 0.0003032 * t * t;
  const meanAnomaly = (357.52911 + 35999.05029 * t - 0.0001537 * t * t) * DEGREES;
  const center =
    (1.914602 - 0.004817 * t - 0.000014 * t * t) * Math.sin(meanAnomaly) +
    (0.019993 - 0.000101 * t) * Math.sin(2 * meanAnomaly) +
    0.000289 * Math.sin(3 * meanAnomaly);
  const ascendingNode = (125.04 - 1934.136 * t) * DEGREES;
  const apparentLongitude = (meanLongitude + center - 0.00569 - 0.00478 * Math.sin(ascendingNode)) * DEGREES;
  const obliquity = (23.439291 - 0.0130042 * t + 0.00256 * Math.cos(ascendingNode)) * DEGREES;
  return Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude)) / DEGREES;
}

/** Altitude of the sun at local noon, in degrees; negative on a day of polar night. */
export const noonSolarAltitude = (lat: number, date: CivilDate): number => 90 - Math.abs(lat - solarDeclination(date));
