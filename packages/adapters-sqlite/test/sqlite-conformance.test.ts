import {
  auditLogConformance,
  editionStoreConformance,
  keyStoreConformance,
  rateLimiterConformance,
  unitOfWorkConformance,
} from '@islamic-data/test-fixtures';
import {
  sqliteAuditLog,
  sqliteEditionStore,
  sqliteKeyStore,
  sqliteRateLimiter,
  sqliteStores,
  sqliteUnitOfWork,
} from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite adapters', () => {
  const fresh = freshDatabase();

  keyStoreConformance('sqlite', async () => sqliteKeyStore((await fresh()).db));
  auditLogConformance('sqlite', async () => sqliteAuditLog((await fresh()).db));
  editionStoreConformance('sqlite', async () => sqliteEditionStore((await fresh()).db));
  rateLimiterConformance('sqlite', async (policy) => sqliteRateLimiter((await fresh()).db, policy));
  unitOfWorkConformance('sqlite', async () => {
    const { db } = await fresh();
    return { stores: sqliteStores(db), unitOfWork: sqliteUnitOfWork(db) };
  });
});
