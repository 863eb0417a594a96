import { ManualClock, contentRestorers, rollbackEntry } from '@islamic-data/core';
import { expect } from 'chai';
import { Migrator } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, sqliteAuditLog, sqliteUnitOfWork, type SqliteDatabase } from '../src/index.js';
import { migrationProvider } from '../src/migrations/index.js';

describe('SQLite: the audit-targets migration backfills the targets of entries written before it', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-audit-targets-'));
  let database: SqliteDatabase;
  const legacy: [string, unknown][] = [
    ['quran/2/255', { type: 'ayah', surah: 2, ayah: 255 }],
    ['quran/2/255/translations/de-at', { type: 'ayah-translation', surah: 2, ayah: 255, locale: 'de-at' }],
    ['quran/editions/az', { type: 'quran-edition', lang: 'az' }],
    ['hadith/test-collection', { type: 'hadith-collection', collection: 'test-collection' }],
    ['hadith/test-collection/7', { type: 'hadith', collection: 'test-collection', number: 7 }],
    [
      'hadith/test-collection/7/translations/ru',
      { type: 'hadith-translation', collection: 'test-collection', number: 7, locale: 'ru' },
    ],
    ['mosques/test-mosque-test-city', { type: 'mosque', slug: 'test-mosque-test-city' }],
    ['keys/key_TEST00000001', { type: 'api-key', id: 'key_TEST00000001' }],
    ['test/unknown/shape', null],
  ];

  before(async () => {
    database = openDatabase(path.join(dir, 'legacy.db'));
    const { error } = await new Migrator({ db: database.db, provider: migrationProvider }).migrateTo(
      '2026-11-22-040-mosques',
    );
    if (error) throw error;
    const insert = database.sqlite.prepare(
      'insert into audit_log (at, key_id, key_name, action, resource, before_json, after_json) ' +
        "values ('2026-01-01T00:00:00.000Z', null, 'operator', 'test.write', ?, null, '{}')",
    );
    for (const [resource] of legacy) insert.run(resource);
    expect((await migrateToLatest(database.db)).applied).to.include('2026-11-23-006-audit-targets');
  });
  after(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'gives each old entry the target its resource named, ' + 'and a null target to a resource of no known shape',
    async () => {
      const entries = (await sqliteAuditLog(database.db).list()).reverse();
      expect(entries.map((entry) => [entry.resource, entry.target])).to.deep.equal(legacy);
    },
  );

  it('lists an entry without a target but refuses to roll it back', async () => {
    const [unknown] = await sqliteAuditLog(database.db).list({ resourcePrefix: 'test/' });
    const deps = {
      unitOfWork: sqliteUnitOfWork(database.db),
      clock: new ManualClock('2026-01-02T00:00:00.000Z'),
      restorers: contentRestorers,
    };
    const refused = await rollbackEntry(deps, unknown!.id).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(refused).to.be.instanceOf(Error);
    expect(refused!.message).to.contain(
      `Audit entry ${unknown!.id} (test.write test/unknown/shape) cannot be rolled back.`,
    );
  });
});
