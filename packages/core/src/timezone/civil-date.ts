import { PARAMETER_RULES, ruleBroken } from '../parameter-error.js';

/** A calendar date with no time and no zone, as written YYYY-MM-DD. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MILLISECONDS_PER_DAY = 86_400_000;

/** Parses a real Gregorian date written YYYY-MM-DD, or throws a validation error naming `parameter`. */
export function parseIsoDate(text: unknown, parameter: string): CivilDate {
  const match = typeof text === 'string' ? ISO_DATE.exec(text) : null;
  const date = match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
  if (!date || date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) {
    throw ruleBroken(parameter, PARAMETER_RULES.isoDate);
  }
  return date;
}

export const formatIsoDate = ({ year, month, day }: CivilDate): string =>
  `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;

/** "00" to "99": a date and time are written a dozen times an answer. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, value) => String(value).padStart(2, '0'));

export const pad2 = (value: number): string => TWO_DIGITS[value] ?? String(value).padStart(2, '0');

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMidnight({ year, month: month + 1, day: 0 })).getUTCDate();
}

/**
 * Milliseconds since the epoch at 00:00 UTC of the date. `setUTCFullYear` rather than `Date.UTC`,
 * which would read years 0–99 as 1900–1999. Day and month may overflow; they roll over.
 */
export function utcMidnight({ year, month, day }: CivilDate): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function civilDateOfUtc(milliseconds: number): CivilDate {
  const date = new Date(milliseconds);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export const addDays = (date: CivilDate, days: number): CivilDate =>
  civilDateOfUtc(utcMidnight(date) + days * MILLISECONDS_PER_DAY);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: CivilDate, to: CivilDate): number =>
  Math.round((utcMidnight(to) - utcMidnight(from)) / MILLISECONDS_PER_DAY);

/** 0 for Sunday … 6 for Saturday. */
export const weekdayOf = (date: CivilDate): number => new Date(utcMidnight(date)).getUTCDay();
