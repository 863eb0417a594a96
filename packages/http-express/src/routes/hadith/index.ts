import type { RouteDefinition } from '../../platform/route.js';
import { hadithDownloadRoute } from './hadith-download.routes.js';
import {
  getCollectionRoute,
  getHadithRoute,
  hadithRefsRoute,
  listCollectionsRoute,
  listHadithsRoute,
} from './hadith-reads.routes.js';
import { hadithSearchRoute } from './hadith-search.routes.js';
import { deleteTranslationRoute, patchHadithRoute, putTranslationRoute } from './hadith-writes.routes.js';

export const hadithRoutes: RouteDefinition[] = [
  listCollectionsRoute,
  hadithRefsRoute,
  hadithSearchRoute,
  getCollectionRoute,
  listHadithsRoute,
  getHadithRoute,
  patchHadithRoute,
  putTranslationRoute,
  deleteTranslationRoute,
  hadithDownloadRoute,
];
