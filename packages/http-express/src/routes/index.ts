import type { RouteDefinition } from '../platform/route.js';
import { qiblaRoute } from './qibla.route.js';

/** Every route of /api/v1: the app, the validators and the OpenAPI document are all built from this list. */
export const apiRoutes: RouteDefinition[] = [qiblaRoute];
