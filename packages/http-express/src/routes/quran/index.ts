import type { RouteDefinition } from '../../platform/route.js';
import { quranDownloadRoute, quranSurahDownloadRoute } from './quran-downloads.routes.js';
import { getAyahRoute, listAyahsRoute, listSurahsRoute } from './quran-reads.routes.js';
import { deleteAyahTranslationRoute, patchAyahRoute, putAyahTranslationRoute } from './quran-writes.routes.js';

export const quranRoutes: RouteDefinition[] = [
  listSurahsRoute,
  listAyahsRoute,
  getAyahRoute,
  patchAyahRoute,
  putAyahTranslationRoute,
  deleteAyahTranslationRoute,
  quranDownloadRoute,
  quranSurahDownloadRoute,
];
