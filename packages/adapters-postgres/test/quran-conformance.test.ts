import {
  quranImportRollbackConformance,
  quranSearchConformance,
  quranStoreConformance,
  quranStudyStoreConformance,
} from '@islamic-data/test-fixtures';
import { postgresQuranStore, postgresStores, postgresUnitOfWork } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL Quran store', () => {
  startsPostgres();
  const fresh = freshDatabase();
  quranStoreConformance('postgres', async () => postgresQuranStore((await fresh()).db));
  quranSearchConformance('postgres', async () => postgresQuranStore((await fresh()).db));
  quranImportRollbackConformance('postgres', async () => postgresUnitOfWork((await fresh()).db));
  quranStudyStoreConformance('postgres', async () => postgresStores((await fresh()).db).quranStudy);
});
