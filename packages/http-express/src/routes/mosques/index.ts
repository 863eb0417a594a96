import type { RouteDefinition } from '../../platform/route.js';

export const mosquesRoutes: RouteDefinition[] = [];
