import { daysInMonth, parseIsoDate, type CivilDate } from '../timezone/civil-date.js';
import { parameterError, PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { todayIn } from '../timezone/zoned-time.js';
import { dayCalculator } from './day-calculator.js';
import { resolvePrayerSettings } from './prayer-settings.js';
import type { PrayerCalendarInput, PrayerTimesDay, PrayerTimesInput } from './prayer-times-types.js';

/**
 * Years a date or calendar may fall in: adhan builds dates with `new Date(year, …)`, which reads
 * years 0–99 as 1900–1999.
 */
export const PRAYER_TIMES_YEARS = { first: 1000, last: 9999 } as const;
const { first: FIRST_YEAR, last: LAST_YEAR } = PRAYER_TIMES_YEARS;

/** Prayer times for one local day (CONTRACT §6). Throws AppError('VALIDATION_ERROR') naming a bad parameter. */
export function prayerTimes(input: PrayerTimesInput): PrayerTimesDay {
  const settings = resolvePrayerSettings(input);
  const date =
    input.date === undefined || input.date === null
      ? todayIn(input.now, settings.timezone)
      : parsePrayerDate(input.date);
  return dayCalculator(settings, date)(date);
}

/** One `prayerTimes` result per day of the month; parameters and zone are resolved once. */
export function prayerCalendar(input: PrayerCalendarInput): PrayerTimesDay[] {
  const settings = resolvePrayerSettings(input);
  const { year, month } = input;
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR) {
    throw ruleBroken('year', PARAMETER_RULES.wholeNumber(FIRST_YEAR, LAST_YEAR));
  }
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw ruleBroken('month', PARAMETER_RULES.wholeNumber(1, 12));
  const calculate = dayCalculator(settings, { year, month, day: 15 });
  return Array.from({ length: daysInMonth(year, month) }, (_, index) => calculate({ year, month, day: index + 1 }));
}

function parsePrayerDate(text: string): CivilDate {
  const date = parseIsoDate(text, 'date');
  if (date.year < FIRST_YEAR) throw parameterError('date', `date must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`);
  return date;
}
