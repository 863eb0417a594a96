import tzLookup from '@photostructure/tz-lookup';
import { parameterError } from '../parameter-error.js';
import { zoneFormatter } from './zoned-time.js';

// Offset-like names ("+03:00") are not IANA zones, though newer ICU versions accept them.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

// Keyed by the lower-cased name, as Intl matches zone names regardless of case, so that callers'
// spellings cannot grow it past the number of real zones.
const resolvedNames = new Map<string, string>();

/**
 * The zone's name as the caller wrote it, with its case fixed when Intl knows it ("utc" → "UTC"),
 * or undefined when there is no such zone. Intl's own canonical form is not answered, because
 * Node 20's ICU turns Asia/Kolkata into the legacy Asia/Calcutta.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!ZONE_NAME.test(name)) return undefined;
  const key = name.toLowerCase();
  let resolved = resolvedNames.get(key);
  if (resolved === undefined) {
    try {
      resolved = zoneFormatter(name).resolvedOptions().timeZone;
    } catch {
      return undefined;
    }
    resolvedNames.set(key, resolved);
  }
  return resolved.toLowerCase() === key ? resolved : name;
}

/** Validates an IANA zone name, or throws a validation error naming `parameter`. */
export function resolveTimeZone(name: unknown, parameter = 'timezone'): string {
  const canonical = typeof name === 'string' ? canonicalTimeZone(name) : undefined;
  if (canonical === undefined)
    throw parameterError(parameter, `${parameter} must be an IANA time zone name such as Europe/London.`);
  return canonical;
}

/**
 * The IANA zone in force at a point, from an offline boundary map (@photostructure/tz-lookup;
 * see bench/TIMEZONE-CHOICE.md for why this library). Coordinates must already be valid.
 */
export function timeZoneAt(lat: number, lng: number): string {
  return resolveTimeZone(tzLookup(lat, lng));
}
