import { PARAMETER_RULES, ruleBroken } from '../parameter-error.js';
import { addDays, type CivilDate } from '../timezone/civil-date.js';
import { gregorianToUmmAlQura, type HijriDateParts } from './umm-al-qura.js';

/** `hijriAdjustment` is a whole number of days from −2 to 2. */
export const HIJRI_ADJUSTMENT_LIMIT = 2;

/** The validated `hijriAdjustment`, 0 when absent; throws naming it otherwise. */
export function validHijriAdjustment(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (!Number.isInteger(value) || Math.abs(value as number) > HIJRI_ADJUSTMENT_LIMIT)
    throw ruleBroken('hijriAdjustment', PARAMETER_RULES.wholeNumber(-HIJRI_ADJUSTMENT_LIMIT, HIJRI_ADJUSTMENT_LIMIT));
  return value as number;
}

/**
 * The Hijri date of a Gregorian day where the month began `adjustment` days before Umm al-Qura's
 * (a local sighting): Umm al-Qura's date of the day `adjustment` days later. Every route that shows
 * a Hijri date, and Umm al-Qura's Ramadan Isha, uses this one rule. Null outside the table.
 */
export const adjustedHijriOf = (date: CivilDate, adjustment: number): HijriDateParts | null =>
  gregorianToUmmAlQura(adjustment === 0 ? date : addDays(date, adjustment));
