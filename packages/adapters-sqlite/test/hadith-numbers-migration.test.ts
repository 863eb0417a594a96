import { ManualClock, contentRestorers, rollbackEntry } from '@islamic-data/core';
import { expect } from 'chai';
import { Migrator } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, sqliteStores, sqliteUnitOfWork, type SqliteDatabase } from '../src/index.js';
import { migrationProvider } from '../src/migrations/index.js';

describe('SQLite: the hadith-numbers migration keeps hadiths stored before it readable and restorable', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-hadith-numbers-'));
  let database: SqliteDatabase;
  const translation = { locale: 'ru', text: 'Test перевод 2', updatedAt: '2026-01-01T00:00:00.000Z' };

  before(async () => {
    database = openDatabase(path.join(dir, 'legacy.db'));
    const { error } = await new Migrator({ db: database.db, provider: migrationProvider }).migrateTo(
      '2026-11-23-006-audit-targets',
    );
    if (error) throw error;
    const run = (sql: string, ...values: unknown[]) => database.sqlite.prepare(sql).run(...values);
    run(
      'insert into hadith_collections (slug, name, name_ar, position) ' +
        "values ('test-collection', 'Test name', 'Test', 1)",
    );
    for (const number of [1, 2, 3])
      run("insert into hadiths (collection, number, text_ar) values ('test-collection', ?, 'Test')", number);
    run(
      'insert into hadith_translations (collection, number, locale, text, updated_at) values ' +
        "('test-collection', 2, 'ru', ?, ?)",
      translation.text,
      translation.updatedAt,
    );
    // A write audited before standard numbers: its target names the hadith by its position.
    run(
      'insert into audit_log (at, key_id, key_name, action, resource, target_json, before_json, ' +
        "after_json) values ('2026-01-01T00:00:00.000Z', null, 'Test', 'translation.put', " +
        "'hadith/test-collection/2/translations/ru', ?, null, ?)",
      JSON.stringify({ type: 'hadith-translation', collection: 'test-collection', number: 2, locale: 'ru' }),
      JSON.stringify(translation),
    );
    expect((await migrateToLatest(database.db)).applied).to.include('2026-11-23-031-hadith-numbers');
  });
  after(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('numbers each stored hadith by its position until the next import', async () => {
    const { hadith } = sqliteStores(database.db);
    expect(await hadith.resolveNumber('test-collection', '2')).to.equal(2);
    expect(await hadith.resolveNumber('test-collection', '4')).to.equal(undefined);
    expect(await hadith.getHadith('test-collection', 2)).to.deep.include({
      number: '2',
      sequence: 2,
      reference: { citation: 'Test name 2', inBook: null },
      translations: { ru: translation.text },
    });
    expect((await hadith.listCollections())[0]).to.deep.include({ numbering: 'sequence', total: 3 });
  });

  it('rolls back an entry whose target names a position', async () => {
    const [entry] = await sqliteStores(database.db).audit.list({ action: 'translation.put' });
    const deps = {
      unitOfWork: sqliteUnitOfWork(database.db),
      clock: new ManualClock('2026-01-02T00:00:00.000Z'),
      restorers: contentRestorers,
    };
    await rollbackEntry(deps, entry!.id);
    expect(await sqliteStores(database.db).hadith.getTranslation('test-collection', 2, 'ru')).to.equal(undefined);
  });
});
