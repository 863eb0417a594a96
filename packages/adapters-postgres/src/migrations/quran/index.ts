import type { Migration } from 'kysely';
import * as quran from './2026-11-23-020-quran.js';

/** The quran migrations by their date-prefixed names. */
export const quranMigrations: Record<string, Migration> = {
  '2026-11-23-020-quran': quran,
};
