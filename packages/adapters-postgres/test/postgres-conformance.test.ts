import {
  auditLogConformance,
  editionStoreConformance,
  keyStoreConformance,
  rateLimiterConformance,
  unitOfWorkConformance,
} from '@islamic-data/test-fixtures';
import {
  postgresAuditLog,
  postgresEditionStore,
  postgresKeyStore,
  postgresRateLimiter,
  postgresStores,
  postgresUnitOfWork,
} from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL adapters', () => {
  startsPostgres();
  const fresh = freshDatabase();

  keyStoreConformance('postgres', async () => postgresKeyStore((await fresh()).db));
  auditLogConformance('postgres', async () => postgresAuditLog((await fresh()).db));
  editionStoreConformance('postgres', async () => postgresEditionStore((await fresh()).db));
  rateLimiterConformance('postgres', async (policy) => postgresRateLimiter((await fresh()).db, policy));
  unitOfWorkConformance('postgres', async () => {
    const { db } = await fresh();
    return { stores: postgresStores(db), unitOfWork: postgresUnitOfWork(db) };
  });
});
