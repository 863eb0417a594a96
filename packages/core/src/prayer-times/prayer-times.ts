import { addDays, daysInMonth, parseIsoDate, type CivilDate } from '../timezone/civil-date.js';
import { hijriMonthSpan } from '../hijri/hijri-calendars.js';
import { parameterError, PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { todayIn } from '../timezone/zoned-time.js';
import { dayCalculator } from './day-calculator.js';
import { resolvePrayerSettings, type PrayerSettings } from './prayer-settings.js';
import type {
  PrayerCalendarInput,
  PrayerTimesDay,
  PrayerTimesInput,
  PrayerTimesOptions,
} from './prayer-times-types.js';

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
  assertCalendarMonth(year, month);
  return monthDays(settings, year, month);
}

/** Throws naming `year` or `month` unless they are a month prayer times can be computed for. */
export function assertCalendarMonth(year: unknown, month: unknown): void {
  if (!Number.isInteger(year) || (year as number) < FIRST_YEAR || (year as number) > LAST_YEAR) {
    throw ruleBroken('year', PARAMETER_RULES.wholeNumber(FIRST_YEAR, LAST_YEAR));
  }
  if (!Number.isInteger(month) || (month as number) < 1 || (month as number) > 12)
    throw ruleBroken('month', PARAMETER_RULES.wholeNumber(1, 12));
}

/** The days of one month with settings already resolved. */
export function monthDays(settings: PrayerSettings, year: number, month: number): PrayerTimesDay[] {
  const calculate = dayCalculator(settings, { year, month, day: 15 });
  return Array.from({ length: daysInMonth(year, month) }, (_, index) => calculate({ year, month, day: index + 1 }));
}

function parsePrayerDate(text: string): CivilDate {
  const date = parseIsoDate(text, 'date');
  if (date.year < FIRST_YEAR) throw parameterError('date', `date must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`);
  return date;
}

export interface HijriPrayerCalendarInput extends PrayerTimesOptions {
  hijriYear: number;
  hijriMonth: number;
}

/**
 * The days of a Hijri month (a Ramadan timetable, CONTRACT §19): the month as shifted by `hijriAdjustment`,
 * each day a `prayerTimes` result (both dates in `date`).
 */
export function prayerCalendarOfHijriMonth(input: HijriPrayerCalendarInput): PrayerTimesDay[] {
  const settings = resolvePrayerSettings(input);
  const { first, length } = hijriMonthSpan(input.hijriYear, input.hijriMonth, settings.hijriAdjustment, {
    year: 'hijriYear',
    month: 'hijriMonth',
  });
  const calculate = dayCalculator(settings, addDays(first, 14));
  return Array.from({ length }, (_, index) => calculate(addDays(first, index)));
}
