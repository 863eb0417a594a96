export { canonicalTimeZone, resolveTimeZone, timeZoneAt } from './time-zone.js';
