import { parameterError } from '../parameter-error.js';
import { PRAYER_NAMES, type PrayerName, type PrayerOffsets } from './prayer-names.js';

export const MAX_ADJUSTMENT_MINUTES = 120;

const invalid = (message: string) => parameterError('adjustments', message);

/** Checks names and ranges of user adjustments, given as an object or in the "fajr:2,isha:-1" form. */
export function validateAdjustments(given: unknown): Partial<PrayerOffsets> {
  const adjustments = typeof given === 'string' ? minutesByName(given) : given;
  if (adjustments === null || typeof adjustments !== 'object' || Array.isArray(adjustments)) {
    throw invalid('adjustments must map prayer names to minutes, like fajr:2,isha:-1.');
  }
  const result: Partial<PrayerOffsets> = {};
  for (const [name, minutes] of Object.entries(adjustments)) {
    if (!PRAYER_NAMES.includes(name as PrayerName)) {
      throw invalid(`adjustments.${name} is not a time that can be adjusted; use ${PRAYER_NAMES.join(', ')}.`);
    }
    if (!Number.isInteger(minutes) || Math.abs(minutes as number) > MAX_ADJUSTMENT_MINUTES) {
      throw invalid(
        `adjustments.${name} must be a whole number of minutes ` +
          `from -${MAX_ADJUSTMENT_MINUTES} to ${MAX_ADJUSTMENT_MINUTES}.`,
      );
    }
    result[name as PrayerName] = minutes as number;
  }
  return result;
}

/** The query form "fajr:2,isha:-1" as minutes by (lowercased) name, names not yet checked. */
function minutesByName(text: string): Record<string, number> {
  const result: Record<string, number> = {};
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = /^([a-z]+)\s*:\s*([+-]?\d+)$/i.exec(entry);
    if (!match) throw invalid(`adjustments must be written like fajr:2,isha:-1 (got "${entry}").`);
    result[match[1]!.toLowerCase()] = Number(match[2]);
  }
  return result;
}
