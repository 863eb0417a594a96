import type { MigrationProvider } from 'kysely';
import { contentVersionsMigrations } from './content-versions/index.js';
import { foundationMigrations } from './foundation/index.js';
import { hadithMigrations } from './hadith/index.js';
import { keyRequestsMigrations } from './key-requests/index.js';
import { mosquesMigrations } from './mosques/index.js';
import { precomputedAnswersMigrations } from './precomputed-answers/index.js';
import { quranMigrations } from './quran/index.js';
import { searchMigrations } from './search/index.js';

/**
 * Every migration by its date-prefixed name; Kysely applies them in name order, so each feature
 * names its files after the day it was written.
 */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({
    ...foundationMigrations,
    ...quranMigrations,
    ...hadithMigrations,
    ...mosquesMigrations,
    ...searchMigrations,
    ...contentVersionsMigrations,
    ...keyRequestsMigrations,
    ...precomputedAnswersMigrations,
  }),
};
