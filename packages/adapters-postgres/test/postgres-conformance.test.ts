import {
  auditLogConformance,
  contentVersionsConformance,
  editionStoreConformance,
  keyRequestStoreConformance,
  keyStoreConformance,
  unitOfWorkConformance,
} from '@islamic-data/test-fixtures';
import {
  openPostgresDatabase,
  postgresAuditLog,
  postgresContentVersions,
  postgresEditionStore,
  postgresKeyStore,
  postgresStores,
  postgresUnitOfWork,
} from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL adapters', () => {
  startsPostgres();
  const fresh = freshDatabase();
  const otherConnections: { close(): Promise<void> }[] = [];
  after(() => Promise.all(otherConnections.map((other) => other.close())));

  keyStoreConformance('postgres', async () => postgresKeyStore((await fresh()).db));
  keyRequestStoreConformance('postgres', async () => postgresStores((await fresh()).db));
  auditLogConformance('postgres', async () => postgresAuditLog((await fresh()).db));
  editionStoreConformance('postgres', async () => postgresEditionStore((await fresh()).db));
  unitOfWorkConformance('postgres', async () => {
    const { db } = await fresh();
    return { stores: postgresStores(db), unitOfWork: postgresUnitOfWork(db) };
  });
  contentVersionsConformance('postgres', async () => {
    const { db, url } = await fresh();
    return {
      stores: postgresStores(db),
      unitOfWork: postgresUnitOfWork(db),
      contentVersions: postgresContentVersions(db),
      elsewhere: async () => {
        const other = openPostgresDatabase(url, { maxConnections: 2 });
        otherConnections.push(other);
        return { stores: postgresStores(other.db), unitOfWork: postgresUnitOfWork(other.db) };
      },
    };
  });
});
