import type { Migration } from 'kysely';
import * as quran from './2026-11-23-020-quran.js';
import * as quranStudy from './2026-11-27-021-quran-study.js';

/** The quran migrations by their date-prefixed names. */
export const quranMigrations: Record<string, Migration> = {
  '2026-11-23-020-quran': quran,
  '2026-11-27-021-quran-study': quranStudy,
};
