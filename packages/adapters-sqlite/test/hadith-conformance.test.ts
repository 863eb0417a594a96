import { hadithStoreConformance } from '@islamic-data/test-fixtures';
import { sqliteHadithStore } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite adapters: hadith', () => {
  const fresh = freshDatabase();
  hadithStoreConformance('sqlite', async () => sqliteHadithStore((await fresh()).db));
});
