import type { RouteDefinition } from '../../platform/route.js';
import { hijriCalendarRoute, hijriEventsRoute, hijriRoute } from './hijri.routes.js';

export const hijriRoutes: RouteDefinition[] = [hijriRoute, hijriCalendarRoute, hijriEventsRoute];
