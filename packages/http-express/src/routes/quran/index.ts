import type { RouteDefinition } from '../../platform/route.js';
import { quranDownloadRoute, quranSurahDownloadRoute } from './quran-downloads.routes.js';
import {
  hizbQuarterRoute,
  juzRoute,
  manzilRoute,
  pageRoute,
  rukuRoute,
  sajdasRoute,
} from './quran-navigation.routes.js';
import { getAyahRoute, listAyahsRoute, listSurahsRoute } from './quran-reads.routes.js';
import { ayahOfTheDayRoute, randomAyahRoute } from './quran-daily.routes.js';
import { quranSearchRoute } from './quran-search.routes.js';
import { lemmaRoute, rootRoute } from './quran-words.routes.js';
import { deleteAyahTranslationRoute, patchAyahRoute, putAyahTranslationRoute } from './quran-writes.routes.js';

export const quranRoutes: RouteDefinition[] = [
  listSurahsRoute,
  randomAyahRoute,
  ayahOfTheDayRoute,
  listAyahsRoute,
  getAyahRoute,
  quranSearchRoute,
  rootRoute,
  lemmaRoute,
  juzRoute,
  pageRoute,
  hizbQuarterRoute,
  rukuRoute,
  manzilRoute,
  sajdasRoute,
  patchAyahRoute,
  putAyahTranslationRoute,
  deleteAyahTranslationRoute,
  quranDownloadRoute,
  quranSurahDownloadRoute,
];
