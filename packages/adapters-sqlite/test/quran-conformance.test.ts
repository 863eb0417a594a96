import {
  quranImportRollbackConformance,
  quranSearchConformance,
  quranStoreConformance,
  quranStudyStoreConformance,
} from '@islamic-data/test-fixtures';
import { sqliteQuranStore, sqliteStores, sqliteUnitOfWork } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite Quran store', () => {
  const fresh = freshDatabase();
  quranStoreConformance('sqlite', async () => sqliteQuranStore((await fresh()).db));
  quranSearchConformance('sqlite', async () => sqliteQuranStore((await fresh()).db));
  quranImportRollbackConformance('sqlite', async () => sqliteUnitOfWork((await fresh()).db));
  quranStudyStoreConformance('sqlite', async () => sqliteStores((await fresh()).db).quranStudy);
});
