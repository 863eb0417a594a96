import type { Migration } from 'kysely';
import * as hadith from './2026-11-23-030-hadith.js';
import * as hadithGradesAndBooks from './2026-11-27-031-hadith-grades-and-books.js';

/** The hadith migrations by their date-prefixed names. */
export const hadithMigrations: Record<string, Migration> = {
  '2026-11-23-030-hadith': hadith,
  '2026-11-27-031-hadith-grades-and-books': hadithGradesAndBooks,
};
