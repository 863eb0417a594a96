import type { Migration } from 'kysely';
import * as searchIndex from './2026-11-24-050-search-index.js';

export const searchMigrations: Record<string, Migration> = {
  '2026-11-24-050-search-index': searchIndex,
};
