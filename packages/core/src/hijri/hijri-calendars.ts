import { parameterError, PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { addDays, daysInMonth, type CivilDate } from '../timezone/civil-date.js';
import { adjustedHijriOf, validHijriAdjustment } from './hijri-adjustment.js';
import { describeDay, type HijriConversion } from './hijri-conversion.js';
import { ISLAMIC_DAYS, type Observance } from './islamic-days.js';
import type { Names } from '../names/languages.js';
import {
  gregorianToUmmAlQura,
  hijriMonthLength,
  isHijriYearInRange,
  UMM_AL_QURA_RANGE,
  UMM_AL_QURA_RANGE_TEXT,
  ummAlQuraToGregorian,
} from './umm-al-qura.js';

const HIJRI_YEARS = { first: Number(UMM_AL_QURA_RANGE.hijri.first.slice(0, 4)), last: 1500 } as const;
const GREGORIAN_YEARS = {
  first: Number(UMM_AL_QURA_RANGE.gregorian.first.slice(0, 4)),
  last: Number(UMM_AL_QURA_RANGE.gregorian.last.slice(0, 4)),
} as const;
export const HIJRI_CALENDAR_YEARS = { hijri: HIJRI_YEARS, gregorian: GREGORIAN_YEARS } as const;

const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/** The Gregorian days of a Hijri month (shifted by `hijriAdjustment`): its first day and its length. */
export function hijriMonthSpan(
  year: unknown,
  month: unknown,
  hijriAdjustment: number,
  names: { year: string; month: string } = { year: 'year', month: 'month' },
): { first: CivilDate; length: number } {
  if (!Number.isInteger(year) || !isHijriYearInRange(year as number))
    throw ruleBroken(names.year, PARAMETER_RULES.wholeNumber(HIJRI_YEARS.first, HIJRI_YEARS.last));
  if (!Number.isInteger(month) || (month as number) < 1 || (month as number) > 12)
    throw ruleBroken(names.month, PARAMETER_RULES.wholeNumber(1, 12));
  const first = addDays(
    ummAlQuraToGregorian({ year: year as number, month: month as number, day: 1 }),
    -hijriAdjustment,
  );
  const length = hijriMonthLength(year as number, month as number);
  const last = addDays(first, length - 1);
  if (!gregorianToUmmAlQura(first) || !gregorianToUmmAlQura(last))
    throw parameterError(names.year, `${names.year} is outside the supported range, ${UMM_AL_QURA_RANGE_TEXT}.`);
  return { first, length };
}

export interface HijriCalendarInput {
  /** A Hijri month: `year` and `month`… */
  year?: number | null;
  month?: number | null;
  /** …or a Gregorian one. */
  gregorianYear?: number | null;
  gregorianMonth?: number | null;
  hijriAdjustment?: number | null;
}

/**
 * Every day of a month in both calendars (CONTRACT §19): a Hijri month (`year`, `month`) or a Gregorian one
 * (`gregorianYear`, `gregorianMonth`); exactly one of the two pairs.
 */
export function hijriMonthCalendar(input: HijriCalendarInput): HijriConversion[] {
  const adjustment = validHijriAdjustment(input.hijriAdjustment);
  const hijriAsked = given(input.year) || given(input.month);
  const gregorianAsked = given(input.gregorianYear) || given(input.gregorianMonth);
  if (hijriAsked === gregorianAsked)
    throw parameterError(
      hijriAsked ? ['year', 'gregorianYear'] : ['year', 'month'],
      hijriAsked
        ? 'year and gregorianYear cannot both be given: ' +
            'send year and month (a Hijri month) or gregorianYear and gregorianMonth.'
        : 'year and month are required (a Hijri month), or gregorianYear and gregorianMonth instead.',
    );
  if (hijriAsked) {
    if (!given(input.year)) throw parameterError('year', 'year is required with month.');
    if (!given(input.month)) throw parameterError('month', 'month is required with year.');
    const { first, length } = hijriMonthSpan(input.year, input.month, adjustment);
    return Array.from({ length }, (_, index) => {
      const gregorian = addDays(first, index);
      return describeDay(gregorian, adjustedHijriOf(gregorian, adjustment)!, adjustment);
    });
  }
  const { gregorianYear: year, gregorianMonth: month } = input;
  if (!given(year)) throw parameterError('gregorianYear', 'gregorianYear is required with gregorianMonth.');
  if (!given(month)) throw parameterError('gregorianMonth', 'gregorianMonth is required with gregorianYear.');
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw ruleBroken('gregorianMonth', PARAMETER_RULES.wholeNumber(1, 12));
  const days = Number.isInteger(year) ? daysInMonth(year, month) : 0;
  const dates = Array.from({ length: days }, (_, index) => ({ year, month, day: index + 1 }));
  const hijri = dates.map((date) => adjustedHijriOf(date, adjustment));
  if (dates.length === 0 || hijri.some((day) => day === null))
    throw parameterError(
      'gregorianYear',
      `gregorianYear ${year}-${String(month).padStart(2, '0')} is outside the supported range, ` +
        `${UMM_AL_QURA_RANGE_TEXT}.`,
    );
  return dates.map((date, index) => describeDay(date, hijri[index]!, adjustment));
}

/** CONTRACT §19 `/hijri/events`: one Islamic day on its dates in both calendars. */
export interface IslamicDayOccurrence {
  id: string;
  name: Names;
  observance: Observance;
  hijri: HijriConversion['hijri'];
  gregorian: HijriConversion['gregorian'];
}

export interface IslamicDaysInput {
  /** A Hijri year… */
  year?: number | null;
  /** …or a Gregorian one (the days falling in it, from two Hijri years). */
  gregorianYear?: number | null;
  hijriAdjustment?: number | null;
}

/** The Islamic days of a Hijri year, or of the Hijri days falling in a Gregorian year, in date order. */
export function islamicDaysOf(input: IslamicDaysInput): IslamicDayOccurrence[] {
  const adjustment = validHijriAdjustment(input.hijriAdjustment);
  if (given(input.year) === given(input.gregorianYear))
    throw parameterError(
      ['year', 'gregorianYear'],
      given(input.year)
        ? 'year and gregorianYear cannot both be given: send one.'
        : 'year and gregorianYear are both missing: send year (Hijri) or gregorianYear.',
    );
  if (given(input.year)) {
    if (!Number.isInteger(input.year) || !isHijriYearInRange(input.year))
      throw ruleBroken('year', PARAMETER_RULES.wholeNumber(HIJRI_YEARS.first, HIJRI_YEARS.last));
    return occurrencesOfHijriYear(input.year, adjustment);
  }
  const year = input.gregorianYear!;
  if (!Number.isInteger(year) || year < GREGORIAN_YEARS.first || year > GREGORIAN_YEARS.last)
    throw ruleBroken('gregorianYear', PARAMETER_RULES.wholeNumber(GREGORIAN_YEARS.first, GREGORIAN_YEARS.last));
  const hijriYears = new Set(
    [
      { year, month: 1, day: 1 },
      { year, month: 12, day: 31 },
    ].map(
      (date) => adjustedHijriOf(date, adjustment)?.year ?? (date.month === 1 ? HIJRI_YEARS.first : HIJRI_YEARS.last),
    ),
  );
  return [...hijriYears]
    .flatMap((hijriYear) => occurrencesOfHijriYear(hijriYear, adjustment))
    .filter((occurrence) => occurrence.gregorian.year === year);
}

/**
 * The days of a Hijri year; at the ends of the table, those whose Gregorian date falls outside it are left out,
 * and so is a day past its month's end (the 29th of a 28-day month of the early published calendar).
 */
function occurrencesOfHijriYear(year: number, adjustment: number): IslamicDayOccurrence[] {
  return ISLAMIC_DAYS.flatMap(({ id, name, observance, month, day }) => {
    if (day > hijriMonthLength(year, month)) return [];
    const gregorian = addDays(ummAlQuraToGregorian({ year, month, day }), -adjustment);
    const hijri = adjustedHijriOf(gregorian, adjustment);
    if (!hijri) return [];
    const described = describeDay(gregorian, hijri, adjustment);
    return [{ id, name: { ...name }, observance, hijri: described.hijri, gregorian: described.gregorian }];
  });
}
