import type { RouteDefinition } from '../../platform/route.js';
import { hijriRoute } from './hijri.routes.js';

export const hijriRoutes: RouteDefinition[] = [hijriRoute];
