import { parameterError } from '../parameter-error.js';
import { addDays } from '../timezone/civil-date.js';
import { civilDateIn } from '../timezone/zoned-time.js';
import { dayCalculator } from './day-calculator.js';
import { PRAYER_NAMES, type PrayerName } from './prayer-names.js';
import { resolvePrayerSettings } from './prayer-settings.js';
import type { PrayerTimesDay, PrayerTimesOptions } from './prayer-times-types.js';

export interface NextPrayerInput extends PrayerTimesOptions {
  /** The instant asked about (ISO 8601 with an offset, or a Date); default: `now`. */
  at?: string | Date | null;
  /** The current instant; default: the system clock. */
  now?: Date;
}

export interface PrayerMoment {
  name: PrayerName;
  /** ISO 8601 with the local offset, as `timestamps` has it. */
  time: string;
}

/** CONTRACT §19 `/prayer-times/next`. */
export interface NextPrayer {
  /** The time (of the six) that began last at `at`; null only where none is known (polar days). */
  current: PrayerMoment | null;
  next: PrayerMoment & { inSeconds: number };
  at: string;
  location: PrayerTimesDay['location'];
  method: PrayerTimesDay['method'];
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** How many days around `at` are searched for a time: past a polar night, nothing is found. */
const SEARCH_DAYS = 2;

/**
 * The time of fajr, sunrise, dhuhr, asr, maghrib or isha that began last at `at` and the one that comes next
 * (after isha: the next day's fajr), in the place's zone; `inSeconds` counts to the next one's minute.
 */
export function nextPrayer(input: NextPrayerInput): NextPrayer {
  const settings = resolvePrayerSettings(input);
  const at = instantOf(input.at ?? input.now ?? new Date());
  const today = civilDateIn(at, settings.timezone);
  const calculate = dayCalculator(settings, today);
  const moments: PrayerMoment[] = [];
  for (let offset = -1; offset <= SEARCH_DAYS; offset++) {
    const { timestamps } = calculate(addDays(today, offset));
    for (const name of PRAYER_NAMES) {
      const time = timestamps[name];
      if (time !== null) moments.push({ name, time });
    }
  }
  const atMs = at.getTime();
  const nextIndex = moments.findIndex((moment) => Date.parse(moment.time) > atMs);
  if (nextIndex === -1)
    throw parameterError(
      'lat',
      'lat has no prayer time in the two days after `at` (polar day or night): set polarCircleResolution.',
    );
  const next = moments[nextIndex]!;
  const { location, method } = calculate(today);
  return {
    current: nextIndex > 0 ? moments[nextIndex - 1]! : null,
    next: { ...next, inSeconds: Math.round((Date.parse(next.time) - atMs) / 1000) },
    at: at.toISOString(),
    location,
    method,
  };
}

function instantOf(value: string | Date): Date {
  if (value instanceof Date) return value;
  const instant = ISO_INSTANT.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(instant.getTime()))
    throw parameterError(
      'at',
      'at must be an ISO 8601 instant with a time zone offset, e.g. 2026-03-20T05:30:00+03:00.',
    );
  return instant;
}
