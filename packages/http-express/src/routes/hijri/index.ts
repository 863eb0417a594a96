import type { RouteDefinition } from '../../platform/route.js';
import { hijriRoute } from './hijri.route.js';

export const hijriRoutes: RouteDefinition[] = [hijriRoute];
