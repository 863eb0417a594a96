import type { RouteDefinition } from '../../platform/route.js';
import { hadithDownloadRoute } from './hadith-download.routes.js';
import {
  getCollectionRoute,
  getHadithRoute,
  hadithRefsRoute,
  listCollectionsRoute,
  listHadithsRoute,
} from './hadith-reads.routes.js';
import { deleteTranslationRoute, patchHadithRoute, putTranslationRoute } from './hadith-writes.routes.js';

export const hadithRoutes: RouteDefinition[] = [
  listCollectionsRoute,
  hadithRefsRoute,
  getCollectionRoute,
  listHadithsRoute,
  getHadithRoute,
  patchHadithRoute,
  putTranslationRoute,
  deleteTranslationRoute,
  hadithDownloadRoute,
];
