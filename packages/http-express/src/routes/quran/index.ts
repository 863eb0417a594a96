import type { RouteDefinition } from '../../platform/route.js';

export const quranRoutes: RouteDefinition[] = [];
