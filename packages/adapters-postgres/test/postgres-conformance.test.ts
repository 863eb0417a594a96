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
  openPostgresDatabase,
  postgresAuditLog,
  postgresContentVersions,
  postgresEditionStore,
  postgresKeyStore,
  postgresPrecomputedAnswers,
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
  precomputedAnswersConformance('postgres', async () => postgresPrecomputedAnswers((await fresh()).db));
  it('raises no content version when precomputed answers are kept: they are not content', async () => {
    const { db } = await fresh();
    const contentVersions = postgresContentVersions(db);
    const before = await contentVersions.current();
    const answer = { key: 'test-key/a', encoding: 'br', versions: before, tag: '"test-tag"', length: 1, meta: '{}' };
    await postgresPrecomputedAnswers(db).keep([{ ...answer, bytes: new Uint8Array([0x00]) }]);
    await postgresPrecomputedAnswers(db).keep([{ ...answer, bytes: new Uint8Array([0xff]) }]);
    expect(await contentVersions.current()).to.deep.equal(before);
  });
});
