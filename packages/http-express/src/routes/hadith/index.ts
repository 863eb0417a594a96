import type { RouteDefinition } from '../../platform/route.js';
import { hadithOfTheDayRoute, randomHadithRoute } from './hadith-daily.routes.js';
import { hadithDownloadRoute } from './hadith-download.routes.js';
import {
  getCollectionRoute,
  getHadithRoute,
  hadithRefsRoute,
  listBookHadithsRoute,
  listBooksRoute,
  listCollectionsRoute,
  listHadithsRoute,
} from './hadith-reads.routes.js';
import { hadithSearchRoute } from './hadith-search.routes.js';
import { deleteTranslationRoute, patchHadithRoute, putTranslationRoute } from './hadith-writes.routes.js';

export const hadithRoutes: RouteDefinition[] = [
  listCollectionsRoute,
  randomHadithRoute,
  hadithOfTheDayRoute,
  hadithRefsRoute,
  hadithSearchRoute,
  getCollectionRoute,
  listHadithsRoute,
  listBooksRoute,
  listBookHadithsRoute,
  getHadithRoute,
  patchHadithRoute,
  putTranslationRoute,
  deleteTranslationRoute,
  hadithDownloadRoute,
];
