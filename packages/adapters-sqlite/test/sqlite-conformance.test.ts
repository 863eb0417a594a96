import { expect } from 'chai';
import {
  auditLogConformance,
  contentVersionsConformance,
  editionStoreConformance,
  keyRequestStoreConformance,
  keyStoreConformance,
  precomputedAnswersConformance,
  unitOfWorkConformance,
} from '@islamic-data/test-fixtures';
import {
  openDatabase,
  sqliteAuditLog,
  sqliteContentVersions,
  sqliteEditionStore,
  sqliteKeyStore,
  sqlitePrecomputedAnswers,
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
  precomputedAnswersConformance('sqlite', async () => sqlitePrecomputedAnswers((await fresh()).db));
  it('raises no content version when precomputed answers are kept: they are not content', async () => {
    const { db, sqlite } = await fresh();
    const contentVersions = sqliteContentVersions(db, sqlite);
    const before = await contentVersions.current();
    const answer = { key: 'test-key/a', encoding: 'br', versions: before, tag: '"test-tag"', length: 1, meta: '{}' };
    await sqlitePrecomputedAnswers(db).keep([{ ...answer, bytes: new Uint8Array([0x00]) }]);
    await sqlitePrecomputedAnswers(db).keep([{ ...answer, bytes: new Uint8Array([0xff]) }]);
    expect(await contentVersions.current()).to.deep.equal(before);
  });
});
