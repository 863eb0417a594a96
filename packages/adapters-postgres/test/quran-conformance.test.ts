import { quranSearchConformance, quranStoreConformance } from '@islamic-data/test-fixtures';
import { postgresQuranStore } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL Quran store', () => {
  startsPostgres();
  const fresh = freshDatabase();
  quranStoreConformance('postgres', async () => postgresQuranStore((await fresh()).db));
  quranSearchConformance('postgres', async () => postgresQuranStore((await fresh()).db));
});
