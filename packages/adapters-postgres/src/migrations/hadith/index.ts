import type { Migration } from 'kysely';
import * as hadith from './2026-11-23-030-hadith.js';

/** The hadith migrations by their date-prefixed names. */
export const hadithMigrations: Record<string, Migration> = {
  '2026-11-23-030-hadith': hadith,
};
