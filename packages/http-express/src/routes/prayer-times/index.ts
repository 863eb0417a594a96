import type { RouteDefinition } from '../../platform/route.js';
import {
  citiesRoute,
  nextPrayerRoute,
  prayerCalendarFeedRoute,
  prayerCalendarRoute,
  prayerMethodsRoute,
  prayerTimesRoute,
} from './prayer-times.routes.js';

export const prayerTimesRoutes: RouteDefinition[] = [
  prayerTimesRoute,
  prayerCalendarRoute,
  prayerCalendarFeedRoute,
  prayerMethodsRoute,
  nextPrayerRoute,
  citiesRoute,
];
