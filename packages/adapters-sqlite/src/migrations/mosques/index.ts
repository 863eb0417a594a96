import type { Migration } from 'kysely';

/** The mosques migrations by their date-prefixed names. */
export const mosquesMigrations: Record<string, Migration> = {};
