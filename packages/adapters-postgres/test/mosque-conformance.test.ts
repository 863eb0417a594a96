import { mosqueStoreConformance } from '@islamic-data/test-fixtures';
import { postgresStores, postgresUnitOfWork } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL adapters: mosques', () => {
  startsPostgres();
  const fresh = freshDatabase();
  mosqueStoreConformance('postgres', async () => {
    const { db } = await fresh();
    return { stores: postgresStores(db), unitOfWork: postgresUnitOfWork(db) };
  });
});
