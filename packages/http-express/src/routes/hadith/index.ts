import type { RouteDefinition } from '../../platform/route.js';
import { hadithDownloadRoute } from './hadith-download.route.js';
import { getCollectionRoute, getHadithRoute, listCollectionsRoute, listHadithsRoute } from './hadith-reads.route.js';
import { deleteTranslationRoute, patchHadithRoute, putTranslationRoute } from './hadith-writes.route.js';

export const hadithRoutes: RouteDefinition[] = [
  listCollectionsRoute,
  getCollectionRoute,
  listHadithsRoute,
  getHadithRoute,
  patchHadithRoute,
  putTranslationRoute,
  deleteTranslationRoute,
  hadithDownloadRoute,
];
