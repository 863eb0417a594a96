import type { Migration } from 'kysely';
import * as hadithTables from './2026-11-22-030-hadith-tables.js';
import * as hadithNumbers from './2026-11-23-031-hadith-numbers.js';
import * as hadithGradesAndBooks from './2026-11-27-032-hadith-grades-and-books.js';

/** The hadith migrations by their date-prefixed names. */
export const hadithMigrations: Record<string, Migration> = {
  '2026-11-22-030-hadith-tables': hadithTables,
  '2026-11-23-031-hadith-numbers': hadithNumbers,
  '2026-11-27-032-hadith-grades-and-books': hadithGradesAndBooks,
};
