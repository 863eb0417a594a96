import { addDays, formatIsoDate, parseIsoDate, weekdayOf, type CivilDate } from '../timezone/civil-date.js';
import { adjustedHijriOf, validHijriAdjustment } from './hijri-adjustment.js';
import { parameterError, PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { resolveTimeZone } from '../timezone/time-zone.js';
import { todayIn } from '../timezone/zoned-time.js';
import type { Names } from '../names/languages.js';
import { HIJRI_MONTH_NAMES, WEEKDAY_NAMES } from './hijri-names.js';
import { islamicDaysOn } from './islamic-days.js';
import {
  gregorianToUmmAlQura,
  hijriMonthLength,
  isHijriYearInRange,
  UMM_AL_QURA_RANGE_TEXT,
  ummAlQuraToGregorian,
  type HijriDateParts,
  type HijriMonthLength,
} from './umm-al-qura.js';

/** CONTRACT §8: one day in both calendars. */
export interface HijriConversion {
  calendar: 'umm-al-qura';
  /** Days added to the Umm al-Qura date (a local sighting), −2..2; 0 is the table itself. */
  hijriAdjustment: number;
  gregorian: CivilDate & { date: string; weekday: Names };
  hijri: HijriDateParts & { date: string; monthName: Names; monthLength: HijriMonthLength; events: DayEvent[] };
}

/** An Islamic day falling on a date, as every Hijri date object carries it (CONTRACT §19). */
export interface DayEvent {
  id: string;
  name: Names;
}

/** The Islamic days of a Hijri date (month and day), ids and names. */
export const eventsOf = ({ month, day }: { month: number; day: number }): DayEvent[] =>
  islamicDaysOn(month, day).map(({ id, name }) => ({ id, name: { ...name } }));

/** Converts a Gregorian `YYYY-MM-DD` to Umm al-Qura, shifted by `hijriAdjustment` days (see `adjustedHijriOf`). */
export function toHijri(date: string, hijriAdjustment: unknown = 0): HijriConversion {
  const adjustment = validHijriAdjustment(hijriAdjustment);
  const gregorian = parseIsoDate(date, 'date');
  const hijri = adjustedHijriOf(gregorian, adjustment);
  if (!hijri)
    throw parameterError('date', `date is outside the supported range, ${UMM_AL_QURA_RANGE_TEXT}: got ${date}.`);
  return describeDay(gregorian, hijri, adjustment);
}

/** Converts an Umm al-Qura `YYYY-MM-DD` (shifted by `hijriAdjustment` days) to Gregorian. */
export function toGregorian(hijriDate: string, hijriAdjustment: unknown = 0): HijriConversion {
  const adjustment = validHijriAdjustment(hijriAdjustment);
  const { monthLength, ...hijri } = parseHijriDate(hijriDate);
  const gregorian = addDays(ummAlQuraToGregorian(hijri), -adjustment);
  if (!gregorianToUmmAlQura(gregorian))
    throw parameterError('hijri', `hijri is outside the supported range, ${UMM_AL_QURA_RANGE_TEXT}: got ${hijriDate}.`);
  return describeDay(gregorian, hijri, adjustment, monthLength);
}

export interface HijriConversionInput {
  /** Gregorian YYYY-MM-DD, converted to Hijri. */
  date?: string | null;
  /** Umm al-Qura YYYY-MM-DD, converted to Gregorian. */
  hijri?: string | null;
  /** IANA zone whose date is "today" when neither date is given (default UTC); validated whenever given. */
  timezone?: string | null;
  /** The current instant, for today; default: the system clock. */
  now?: Date;
  /** Days (−2..2) added to the Umm al-Qura date; default 0. */
  hijriAdjustment?: number | null;
}

/** CONTRACT §8: exactly one of `date` or `hijri`; neither is today in `timezone` (default UTC). */
export function convertHijri({ date, hijri, timezone, now, hijriAdjustment }: HijriConversionInput): HijriConversion {
  const givenDate = date !== undefined && date !== null;
  const givenHijri = hijri !== undefined && hijri !== null;
  if (givenDate && givenHijri) {
    throw parameterError(
      ['date', 'hijri'],
      'date and hijri cannot both be given: ' +
        'send date (Gregorian) or hijri (Umm al-Qura) to convert, or neither for today.',
    );
  }
  const zone = timezone === undefined || timezone === null ? undefined : resolveTimeZone(timezone);
  const adjustment = validHijriAdjustment(hijriAdjustment);
  if (givenDate) return toHijri(date, adjustment);
  if (givenHijri) return toGregorian(hijri, adjustment);
  return toHijri(formatIsoDate(todayIn(now, zone ?? 'UTC')), adjustment);
}

/** Today's date in both calendars, "today" being the date in `timezone` (default UTC) at `now`. */
export function hijriToday(now: Date, timezone?: string): HijriConversion {
  return toHijri(formatIsoDate(todayIn(now, timezone === undefined ? 'UTC' : resolveTimeZone(timezone))));
}

function parseHijriDate(text: string): HijriDateParts & { monthLength: HijriMonthLength } {
  const match = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!match) throw ruleBroken('hijri', PARAMETER_RULES.hijriDate);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isHijriYearInRange(year))
    throw parameterError('hijri', `hijri is outside the supported range, ${UMM_AL_QURA_RANGE_TEXT}: got ${text}.`);
  if (month < 1 || month > 12) throw parameterError('hijri', 'hijri month must be from 1 to 12.');
  if (day < 1 || day > 31) throw parameterError('hijri', 'hijri day must be from 1 to 31.');
  const monthLength = hijriMonthLength(year, month);
  if (day > monthLength) {
    throw parameterError(
      'hijri',
      `hijri ${text} does not exist: ${HIJRI_MONTH_NAMES[month - 1]!.en} ${year} has ${monthLength} days.`,
    );
  }
  return { year, month, day, monthLength };
}

export function describeDay(
  gregorian: CivilDate,
  hijri: HijriDateParts,
  hijriAdjustment: number,
  monthLength = hijriMonthLength(hijri.year, hijri.month),
): HijriConversion {
  return {
    calendar: 'umm-al-qura',
    hijriAdjustment,
    gregorian: {
      date: formatIsoDate(gregorian),
      ...pick(gregorian),
      weekday: { ...WEEKDAY_NAMES[weekdayOf(gregorian)]! },
    },
    hijri: {
      date: formatIsoDate(hijri),
      ...pick(hijri),
      monthName: { ...HIJRI_MONTH_NAMES[hijri.month - 1]! },
      monthLength,
      events: eventsOf(hijri),
    },
  };
}

const pick = ({ year, month, day }: CivilDate): CivilDate => ({ year, month, day });
