import {
  hadithImportRollbackConformance,
  hadithImportStoreConformance,
  hadithSearchConformance,
  hadithStoreConformance,
} from '@islamic-data/test-fixtures';
import { sqliteStores, sqliteUnitOfWork } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite adapters: hadith', () => {
  const fresh = freshDatabase();
  hadithStoreConformance('sqlite', async () => sqliteStores((await fresh()).db));
  hadithImportStoreConformance('sqlite', async () => sqliteStores((await fresh()).db));
  hadithImportRollbackConformance('sqlite', async () => sqliteUnitOfWork((await fresh()).db));
  hadithSearchConformance('sqlite', async () => sqliteStores((await fresh()).db));
});
