export { PRAYER_NAMES, type PrayerName, type PrayerOffsets } from './prayer-names.js';
export * from './prayer-times-types.js';
export { CUSTOM_METHOD_ID, DEFAULT_METHOD_ID, type CalculationMethodDescription } from './calculation-methods.js';
export { listMethods, METHOD_RULE } from './method-lookup.js';
export { MAX_ADJUSTMENT_MINUTES } from './adjustments.js';
export {
  PRAYER_TIMES_YEARS,
  prayerCalendar,
  prayerCalendarOfHijriMonth,
  prayerTimes,
  type HijriPrayerCalendarInput,
} from './prayer-times.js';
export { nextPrayer, type NextPrayer, type NextPrayerInput, type PrayerMoment } from './next-prayer.js';
export { CUSTOM_METHOD_LIMITS } from './prayer-settings.js';
export { AUTO_METHOD_ID, COUNTRY_METHODS, type MethodChoice } from './method-by-country.js';
export { SUNNAH_LIMITS } from './prayer-settings.js';
export { FEED_PRAYERS, MAX_FEED_MONTHS, prayerCalendarFeed, type PrayerFeedInput } from './prayer-feed.js';
export * from './feed-options.js';
export { escapeText, icalendarText, localDateTime, utcDateTime, vtimezoneLines } from './icalendar-text.js';
