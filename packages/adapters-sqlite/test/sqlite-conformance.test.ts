import {
  auditLogConformance,
  contentVersionsConformance,
  editionStoreConformance,
  keyRequestStoreConformance,
  keyStoreConformance,
  unitOfWorkConformance,
} from '@islamic-data/test-fixtures';
import {
  openDatabase,
  sqliteAuditLog,
  sqliteContentVersions,
  sqliteEditionStore,
  sqliteKeyStore,
  sqliteStores,
  sqliteUnitOfWork,
  type SqliteDatabase,
} from '../src/index.js';
import { freshDatabase } from './fresh-database.js';

describe('SQLite adapters', () => {
  const fresh = freshDatabase();
  const otherConnections: SqliteDatabase[] = [];
  after(() => Promise.all(otherConnections.map((other) => other.close())));

  keyStoreConformance('sqlite', async () => sqliteKeyStore((await fresh()).db));
  keyRequestStoreConformance('sqlite', async () => sqliteStores((await fresh()).db));
  auditLogConformance('sqlite', async () => sqliteAuditLog((await fresh()).db));
  editionStoreConformance('sqlite', async () => sqliteEditionStore((await fresh()).db));
  unitOfWorkConformance('sqlite', async () => {
    const { db } = await fresh();
    return { stores: sqliteStores(db), unitOfWork: sqliteUnitOfWork(db) };
  });
  contentVersionsConformance('sqlite', async () => {
    const { db, sqlite, file } = await fresh();
    return {
      stores: sqliteStores(db),
      unitOfWork: sqliteUnitOfWork(db),
      contentVersions: sqliteContentVersions(db, sqlite),
      elsewhere: async () => {
        const other = openDatabase(file);
        otherConnections.push(other);
        return { stores: sqliteStores(other.db), unitOfWork: sqliteUnitOfWork(other.db) };
      },
    };
  });
});
