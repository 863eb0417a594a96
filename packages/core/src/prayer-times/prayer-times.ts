import { validationError } from '../errors.js';
import { daysInMonth, parseIsoDate, type CivilDate } from '../timezone/civil-date.js';
import { civilDateIn } from '../timezone/zoned-time.js';
import { dayCalculator } from './day-calculator.js';
import { resolvePrayerSettings } from './prayer-settings.js';
import type { PrayerCalendarInput, PrayerTimesDay, PrayerTimesInput } from './prayer-times-types.js';

// adhan builds dates with `new Date(year, …)`, which reads years 0–99 as 1900–1999.
const FIRST_YEAR = 1000;
const LAST_YEAR = 9999;

/** Prayer times for one local day (CONTRACT §6). Throws AppError('VALIDATION_ERROR') naming a bad parameter. */
export function prayerTimes(input: PrayerTimesInput): PrayerTimesDay {
  const settings = resolvePrayerSettings(input);
  const date = input.date === undefined || input.date === null ? today(input.now, settings.timezone) : parsePrayerDate(input.date);
  return dayCalculator(settings, date)(date);
}

/** One `prayerTimes` result per day of the month; parameters and zone are resolved once. */
export function prayerCalendar(input: PrayerCalendarInput): PrayerTimesDay[] {
  const settings = resolvePrayerSettings(input);
  const { year, month } = input;
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw validationError(`year must be a whole number from ${FIRST_YEAR} to ${LAST_YEAR}.`);
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) throw validationError('month must be a whole number from 1 to 12.');
  const calculate = dayCalculator(settings, { year, month, day: 15 });
  return Array.from({ length: daysInMonth(year, month) }, (_, index) => calculate({ year, month, day: index + 1 }));
}

function parsePrayerDate(text: string): CivilDate {
  const date = parseIsoDate(text, 'date');
  if (date.year < FIRST_YEAR) throw validationError(`date must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`);
  return date;
}

function today(now: Date | undefined, timeZone: string): CivilDate {
  const instant = now ?? new Date();
  if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) throw validationError('now must be a valid Date.');
  return civilDateIn(instant, timeZone);
}
