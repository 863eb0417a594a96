import type { RouteDefinition } from '../../platform/route.js';
import { prayerCalendarRoute, prayerMethodsRoute, prayerTimesRoute } from './prayer-times.routes.js';

export const prayerTimesRoutes: RouteDefinition[] = [prayerTimesRoute, prayerCalendarRoute, prayerMethodsRoute];
