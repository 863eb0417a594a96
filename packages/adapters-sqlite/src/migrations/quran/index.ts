import type { Migration } from 'kysely';

/** The quran migrations by their date-prefixed names. */
export const quranMigrations: Record<string, Migration> = {};
