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

/** 29 or 30. The year must be in range and the month 1–12. */
export function hijriMonthLength(year: number, month: number): 29 | 30 {
  try {
    hijriToGregorian({ year, month, day: 30 });
    return 30;
  } catch {
    // The converter rejects day 30 of a 29-day month; that rejection is the month length.
    return 29;
  }
}
