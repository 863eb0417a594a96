import { formatIsoDate, parseIsoDate, weekdayOf, type CivilDate } from '../timezone/civil-date.js';
import { parameterError, PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { resolveTimeZone } from '../timezone/time-zone.js';
import { todayIn } from '../timezone/zoned-time.js';
import { HIJRI_MONTH_NAMES, WEEKDAY_NAMES, type BilingualName } from './hijri-names.js';
import {
  gregorianToUmmAlQura,
  hijriMonthLength,
  isHijriYearInRange,
  UMM_AL_QURA_RANGE_TEXT,
  ummAlQuraToGregorian,
  type HijriDateParts,
} from './umm-al-qura.js';

/** CONTRACT §8: one day in both calendars. */
export interface HijriConversion {
  calendar: 'umm-al-qura';
  gregorian: CivilDate & { date: string; weekday: BilingualName };
  hijri: HijriDateParts & { date: string; monthName: BilingualName; monthLength: 29 | 30 };
}

/** Converts a Gregorian `YYYY-MM-DD` to Umm al-Qura. */
export function toHijri(date: string): HijriConversion {
  const gregorian = parseIsoDate(date, 'date');
  const hijri = gregorianToUmmAlQura(gregorian);
  if (!hijri)
    throw parameterError('date', `date is outside the supported range, ${UMM_AL_QURA_RANGE_TEXT}: got ${date}.`);
  return describeDay(gregorian, hijri);
}

/** Converts an Umm al-Qura `YYYY-MM-DD` to Gregorian. */
export function toGregorian(hijriDate: string): HijriConversion {
  const { monthLength, ...hijri } = parseHijriDate(hijriDate);
  return describeDay(ummAlQuraToGregorian(hijri), hijri, monthLength);
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
}

/** CONTRACT §8: exactly one of `date` or `hijri`; neither is today in `timezone` (default UTC). */
export function convertHijri({ date, hijri, timezone, now }: HijriConversionInput): HijriConversion {
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
  if (givenDate) return toHijri(date);
  if (givenHijri) return toGregorian(hijri);
  return toHijri(formatIsoDate(todayIn(now, zone ?? 'UTC')));
}

/** Today's date in both calendars, "today" being the date in `timezone` (default UTC) at `now`. */
export function hijriToday(now: Date, timezone?: string): HijriConversion {
  return toHijri(formatIsoDate(todayIn(now, timezone === undefined ? 'UTC' : resolveTimeZone(timezone))));
}

function parseHijriDate(text: string): HijriDateParts & { monthLength: 29 | 30 } {
  const match = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text) : null;
  if (!match) throw ruleBroken('hijri', PARAMETER_RULES.hijriDate);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isHijriYearInRange(year))
    throw parameterError('hijri', `hijri is outside the supported range, ${UMM_AL_QURA_RANGE_TEXT}: got ${text}.`);
  if (month < 1 || month > 12) throw parameterError('hijri', 'hijri month must be from 1 to 12.');
  if (day < 1 || day > 30) throw parameterError('hijri', 'hijri day must be from 1 to 30.');
  const monthLength = hijriMonthLength(year, month);
  if (day > monthLength) {
    throw parameterError(
      'hijri',
      `hijri ${text} does not exist: ${HIJRI_MONTH_NAMES[month - 1]!.en} ${year} has ${monthLength} days.`,
    );
  }
  return { year, month, day, monthLength };
}

function describeDay(
  gregorian: CivilDate,
  hijri: HijriDateParts,
  monthLength = hijriMonthLength(hijri.year, hijri.month),
): HijriConversion {
  return {
    calendar: 'umm-al-qura',
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
    },
  };
}

const pick = ({ year, month, day }: CivilDate): CivilDate => ({ year, month, day });
