import { HIJRI_MONTH_NAMES_BY_LANGUAGE, WEEKDAY_NAMES_BY_LANGUAGE, type Names } from '../names/languages.js';

/** A name in English and Arabic at least; the names of this service carry all five languages (`Names`). */
export interface BilingualName {
  en: string;
  ar: string;
}

/** Index 0 is Muharram (month 1), in the five languages (names/languages.ts). */
export const HIJRI_MONTH_NAMES: readonly Names[] = HIJRI_MONTH_NAMES_BY_LANGUAGE;

/** Index 0 is Sunday, as `Date.prototype.getUTCDay` counts, in the five languages. */
export const WEEKDAY_NAMES: readonly Names[] = WEEKDAY_NAMES_BY_LANGUAGE;

export const RAMADAN = 9;
