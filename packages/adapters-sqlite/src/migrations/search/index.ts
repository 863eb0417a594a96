import type { Migration } from 'kysely';
import * as searchIndex from './2026-11-23-070-search-index.js';

/** The search migrations by their date-prefixed names. */
export const searchMigrations: Record<string, Migration> = {
  '2026-11-23-070-search-index': searchIndex,
};
