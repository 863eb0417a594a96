import type { Migration } from 'kysely';
import * as surahs from './2026-11-22-020-quran-surahs.js';
import * as ayahs from './2026-11-22-021-quran-ayahs.js';
import * as ayahTranslations from './2026-11-22-022-quran-ayah-translations.js';
import * as quranStudy from './2026-11-27-023-quran-study.js';

/** The quran migrations by their date-prefixed names. */
export const quranMigrations: Record<string, Migration> = {
  '2026-11-22-020-quran-surahs': surahs,
  '2026-11-22-021-quran-ayahs': ayahs,
  '2026-11-22-022-quran-ayah-translations': ayahTranslations,
  '2026-11-27-023-quran-study': quranStudy,
};
