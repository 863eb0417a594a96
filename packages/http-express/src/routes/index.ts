import type { RouteDefinition } from '../platform/route.js';
import { hadithRoutes } from './hadith/index.js';
import { hijriRoutes } from './hijri/index.js';
import { keyRequestRoutes } from './key-requests/key-requests.routes.js';
import { mosquesRoutes } from './mosques/index.js';
import { prayerTimesRoutes } from './prayer-times/index.js';
import { qiblaRoute } from './qibla.routes.js';
import { quranRoutes } from './quran/index.js';
import { translationsIndexRoute } from './translations-index.routes.js';

/** Every route of /api/v1: the app, the validators and the OpenAPI document are all built from this list. */
export const apiRoutes: RouteDefinition[] = [
  ...prayerTimesRoutes,
  qiblaRoute,
  ...hijriRoutes,
  ...mosquesRoutes,
  ...quranRoutes,
  ...hadithRoutes,
  translationsIndexRoute,
  ...keyRequestRoutes,
];
