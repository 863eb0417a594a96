import type { RouteDefinition } from '../../platform/route.js';
import { getMosqueRoute, listMosquesRoute } from './mosque-reads.routes.js';
import { submitMosqueRoute } from './mosque-submit.routes.js';
import { mosqueScheduleRoutes } from './mosque-schedule.routes.js';

export const mosquesRoutes: RouteDefinition[] = [
  listMosquesRoute,
  submitMosqueRoute,
  getMosqueRoute,
  ...mosqueScheduleRoutes,
];
