import type { Migration } from 'kysely';

/** The hadith migrations by their date-prefixed names. */
export const hadithMigrations: Record<string, Migration> = {};
