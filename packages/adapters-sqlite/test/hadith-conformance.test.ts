import {
  hadithImportRollbackConformance,
  hadithImportStoreConformance,
  hadithSearchConformance,
  hadithSearchRankingConformance,
  hadithStoreConformance,
} from '@islamic-data/test-fixtures';
import { sql } from 'kysely';
import { sqliteStores, sqliteUnitOfWork } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite adapters: hadith', () => {
  const fresh = freshDatabase();
  hadithStoreConformance('sqlite', async () => sqliteStores((await fresh()).db));
  hadithImportStoreConformance('sqlite', async () => sqliteStores((await fresh()).db));
  hadithImportRollbackConformance('sqlite', async () => sqliteUnitOfWork((await fresh()).db));
  hadithSearchConformance('sqlite', async () => sqliteStores((await fresh()).db));
  hadithSearchRankingConformance('sqlite', async () => {
    const { db } = await fresh();
    return {
      stores: sqliteStores(db),
      setPublished: async (collection, published, through = 2 ** 31 - 1) => {
        await sql`update hadiths set published = ${published ? 1 : 0}
          where collection = ${collection} and sequence <= ${through}`.execute(db);
      },
    };
  });
});
