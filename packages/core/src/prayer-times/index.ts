export { PRAYER_NAMES, type PrayerName, type PrayerOffsets } from './prayer-names.js';
export * from './prayer-times-types.js';
export { CUSTOM_METHOD_ID, DEFAULT_METHOD_ID, type CalculationMethodDescription } from './calculation-methods.js';
export { listMethods, METHOD_RULE } from './method-lookup.js';
export { MAX_ADJUSTMENT_MINUTES } from './adjustments.js';
export { PRAYER_TIMES_YEARS, prayerCalendar, prayerTimes } from './prayer-times.js';
export { CUSTOM_METHOD_LIMITS } from './prayer-settings.js';
