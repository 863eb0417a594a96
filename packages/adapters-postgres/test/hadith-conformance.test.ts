import {
  hadithImportRollbackConformance,
  hadithImportStoreConformance,
  hadithSearchConformance,
  hadithSearchRankingConformance,
  hadithStoreConformance,
} from '@islamic-data/test-fixtures';
import { sql } from 'kysely';
import { postgresStores, postgresUnitOfWork } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL adapters: hadith', () => {
  startsPostgres();
  const fresh = freshDatabase();
  hadithStoreConformance('postgres', async () => postgresStores((await fresh()).db));
  hadithImportStoreConformance('postgres', async () => postgresStores((await fresh()).db));
  hadithImportRollbackConformance('postgres', async () => postgresUnitOfWork((await fresh()).db));
  hadithSearchConformance('postgres', async () => postgresStores((await fresh()).db));
  hadithSearchRankingConformance('postgres', async () => {
    const { db } = await fresh();
    return {
      stores: postgresStores(db),
      setPublished: async (collection, published, through = 2 ** 31 - 1) => {
        await sql`update hadiths set published = ${published ? 1 : 0}
          where collection = ${collection} and sequence <= ${through}`.execute(db);
      },
    };
  });
});
