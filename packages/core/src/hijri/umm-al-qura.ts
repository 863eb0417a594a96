import { gregorianToHijri, hijriToGregorian } from '@tabby_ai/hijri-converter';
import { formatIsoDate, type CivilDate } from '../timezone/civil-date.js';

/** A Hijri (Umm al-Qura) date; the same shape as a Gregorian one. */
export type HijriDateParts = CivilDate;

/**
 * The converter's table covers 1343-01-01 … 1500-12-30 AH, i.e. 1924-08-01 … 2077-11-16 CE
 * (its README and `_lib/ummalqura` GREGORIAN_RANGE / HIJRI_RANGE; a test pins both ends).
 */
export const UMM_AL_QURA_RANGE = {
  gregorian: { first: '1924-08-01', last: '2077-11-16' },
  hijri: { first: '1343-01-01', last: '1500-12-30' },
} as const;

export const UMM_AL_QURA_RANGE_TEXT =
  `Gregorian ${UMM_AL_QURA_RANGE.gregorian.first} to ${UMM_AL_QURA_RANGE.gregorian.last} ` +
  `(Hijri ${UMM_AL_QURA_RANGE.hijri.first} to ${UMM_AL_QURA_RANGE.hijri.last})`;

// ISO strings of equal length compare in date order.
const isGregorianInRange = (date: CivilDate): boolean => {
  const iso = formatIsoDate(date);
  return iso >= UMM_AL_QURA_RANGE.gregorian.first && iso <= UMM_AL_QURA_RANGE.gregorian.last;
};

export const isHijriYearInRange = (year: number): boolean =>
  year >= Number(UMM_AL_QURA_RANGE.hijri.first.slice(0, 4)) && year <= Number(UMM_AL_QURA_RANGE.hijri.last.slice(0, 4));

/** The Umm al-Qura date of a Gregorian date, or null outside the supported range. */
export function gregorianToUmmAlQura(date: CivilDate): HijriDateParts | null {
  return isGregorianInRange(date) ? gregorianToHijri(date) : null;
}

/** The Gregorian date of a Hijri date that exists in the table (check with `hijriMonthLength` first). */
export function ummAlQuraToGregorian(date: HijriDateParts): CivilDate {
  return hijriToGregorian(date);
}

/**
 * Days in a month of the table: 29 or 30, but the early published calendar has five months of 28 days (1343-09,
 * 1345-08, 1348-12, 1349-10, 1364-08) and three of 31 (1345-05, 1348-11, 1349-11). The Umm al-Qura newspaper's
 * own dated issues agree (the reference fixtures in shared/data/reference/hijri): 1343-09-15 was 1925-04-10
 * and 1343-10-15 was 1925-05-08, 28 days later; 1345-05-14 was 1926-11-19 and 1345-06-11 was 1926-12-17, 28
 * days later across a 31-day month. The year must be in range and the month 1–12.
 */
export type HijriMonthLength = 28 | 29 | 30 | 31;

/** Month lengths found so far, by `year * 12 + month`: the converter is asked by catching its errors, which is slow. */
const monthLengths = new Map<number, HijriMonthLength>();

export function hijriMonthLength(year: number, month: number): HijriMonthLength {
  const key = year * 12 + month;
  let length = monthLengths.get(key);
  if (length === undefined) {
    length = monthLengthOf(year, month);
    if (isHijriYearInRange(year) && Number.isInteger(month) && month >= 1 && month <= 12) monthLengths.set(key, length);
  }
  return length;
}

function monthLengthOf(year: number, month: number): HijriMonthLength {
  for (const day of [31, 30, 29] as const) {
    try {
      hijriToGregorian({ year, month, day });
      return day;
    } catch {
      // The converter rejects a day past the month's end; the first it accepts is the month's length.
    }
  }
  return 28;
}
