import {
  hadithImportRollbackConformance,
  hadithImportStoreConformance,
  hadithSearchConformance,
  hadithStoreConformance,
} from '@islamic-data/test-fixtures';
import { postgresStores, postgresUnitOfWork } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL adapters: hadith', () => {
  startsPostgres();
  const fresh = freshDatabase();
  hadithStoreConformance('postgres', async () => postgresStores((await fresh()).db));
  hadithImportStoreConformance('postgres', async () => postgresStores((await fresh()).db));
  hadithImportRollbackConformance('postgres', async () => postgresUnitOfWork((await fresh()).db));
  hadithSearchConformance('postgres', async () => postgresStores((await fresh()).db));
});
