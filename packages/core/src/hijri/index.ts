export * from './hijri-conversion.js';
export * from './hijri-calendars.js';
export { ISLAMIC_DAYS, islamicDaysOn, type IslamicDay, type Observance } from './islamic-days.js';
export { HIJRI_MONTH_NAMES, WEEKDAY_NAMES, type BilingualName } from './hijri-names.js';
export { UMM_AL_QURA_RANGE, UMM_AL_QURA_RANGE_TEXT, type HijriDateParts } from './umm-al-qura.js';
export { HIJRI_ADJUSTMENT_LIMIT } from './hijri-adjustment.js';
