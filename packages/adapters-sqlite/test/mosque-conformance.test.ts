import { mosqueStoreConformance } from '@islamic-data/test-fixtures';
import { sqliteStores, sqliteUnitOfWork } from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite adapters: mosques', () => {
  const fresh = freshDatabase();
  mosqueStoreConformance('sqlite', async () => {
    const { db } = await fresh();
    return { stores: sqliteStores(db), unitOfWork: sqliteUnitOfWork(db) };
  });
});
