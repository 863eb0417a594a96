import type { Migration } from 'kysely';
import * as searchIndex from './2026-11-23-070-search-index.js';
import * as searchPrefixIndexes from './2026-11-28-071-search-prefix-indexes.js';

/** The search migrations by their date-prefixed names. */
export const searchMigrations: Record<string, Migration> = {
  '2026-11-23-070-search-index': searchIndex,
  '2026-11-28-071-search-prefix-indexes': searchPrefixIndexes,
};
