import { openPostgresDatabase, postgresStores, type PostgresDatabase } from '@islamic-data/adapters-postgres';
import { openDatabase, sqliteStores, type SqliteDatabase } from '@islamic-data/adapters-sqlite';
import { putAyahTranslation, systemClock, type Stores } from '@islamic-data/core';
import { aMosqueRecord, anAuditEntry, generateMosques, sharedPostgres } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from './cli-process.js';
import { SEEDED_COLLECTION, seedSyntheticContent } from './content-seed.js';

/** Everything a deployment holds, read through the ports (so equal on both engines when the copy is whole). */
async function everything(stores: Stores) {
  const surahs = await stores.quran.listSurahs();
  const statuses = ['pending', 'published', 'rejected', 'unpublished'] as const;
  return {
    keys: await stores.keys.list(),
    audit: await stores.audit.list(),
    editions: await stores.editions.list(),
    surahs,
    ayahs: await Promise.all(surahs.map((surah) => stores.quran.listAyahs(surah.id, { includeUnpublished: true }))),
    collections: await stores.hadith.listCollections(),
    books: await stores.hadith.listBooks(SEEDED_COLLECTION),
    hadiths: await stores.hadith.listHadiths(SEEDED_COLLECTION, {
      startAfter: 0,
      limit: 1_000,
      includeUnpublished: true,
    }),
    numberKey: await stores.hadith.resolveNumber(SEEDED_COLLECTION, '3'),
    mosques: await Promise.all(statuses.map((status) => stores.mosques.listByStatus(status, 10_000))),
    near: await stores.mosques.searchPublished({ near: { lat: 51.5, lng: -0.12, radiusKm: 500 }, limit: 50 }),
    words: await stores.mosques.searchPublished({ terms: ['test'], limit: 50 }),
  };
}

describe('cli: db copy --to postgres://… (a SQLite deployment into an empty PostgreSQL database)', function () {
  this.timeout(600_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-copy-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'warn' };
  let source: SqliteDatabase;
  let target: PostgresDatabase;
  let url: string;
  let copied: { target: string; rows: Record<string, number>; ms: number };

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH, { hadiths: 7 });
    expect(
      (await runCli(['keys', 'create', '--name', 'Test key', '--scopes', '*', '--permissions', 'read'], env)).code,
    ).to.equal(0);
    source = openDatabase(env.DATABASE_PATH);
    const stores = sqliteStores(source.db);
    await putAyahTranslation(
      { unitOfWork: { run: (work) => work(stores) }, clock: systemClock },
      { surah: 1, ayah: 1, locale: 'de', text: 'Test de 1:1' },
      { keyId: 'key_test', keyName: 'Test editor' },
    );
    await stores.mosques.insertMany([
      ...generateMosques({ count: 300, seed: 5 }),
      aMosqueRecord({ status: 'pending', lat: null, lng: null }),
      aMosqueRecord({ status: 'rejected', moderationReason: 'Test reason' }),
    ]);
    url = await (await sharedPostgres()).createDatabase();
    const result = await runCli(['db', 'copy', '--to', url, '--json'], env);
    expect(result.code, result.stderr).to.equal(0);
    copied = JSON.parse(result.stdout);
    target = openPostgresDatabase(url);
  });
  after(async () => {
    await Promise.all([source?.close(), target?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports equal row counts for every table, and the time it took', () => {
    expect(copied.target).to.equal(url);
    expect(copied.ms).to.be.a('number');
    expect(copied.rows).to.include({ api_keys: 1, quran_surahs: 3, hadiths: 7, mosques: 302 });
    for (const [table, count] of Object.entries(copied.rows)) {
      const inSqlite = (source.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      expect(count, table).to.equal(inSqlite);
    }
  });

  it('holds the keys, audit log, editions, Quran, Hadith and mosques of the SQLite file, with searches', async () => {
    const [before, after] = [await everything(sqliteStores(source.db)), await everything(postgresStores(target.db))];
    expect(after.near.length).to.be.greaterThan(0);
    expect(after.words.length).to.be.greaterThan(0);
    expect(after).to.deep.equal(before);
  });

  it('leaves every copied table vacuumed and analyzed: the first queries are planned on its statistics', async () => {
    const { rows } = await target.pool.query<{ relname: string; vacuumed: boolean; analyzed: boolean }>(
      `select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
       from pg_stat_user_tables`,
    );
    const byTable = new Map(rows.map((row) => [row.relname, row]));
    for (const table of Object.keys(copied.rows))
      expect(byTable.get(table), table).to.include({ vacuumed: true, analyzed: true });
  });

  it('goes on numbering audit entries after the copied ones', async () => {
    const last = (await postgresStores(target.db).audit.list({ limit: 1 }))[0]!;
    const next = await postgresStores(target.db).audit.append(anAuditEntry());
    expect(next.id).to.be.greaterThan(last.id);
  });

  it('refuses a target that is not empty, or not PostgreSQL, changing nothing', async () => {
    const again = await runCli(['db', 'copy', '--to', url], env);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.contain('The target database is not empty: api_keys has 1 rows.');
    const notPostgres = await runCli(['db', 'copy', '--to', 'mysql://127.0.0.1/test'], env);
    expect(notPostgres.code).to.equal(1);
    expect(notPostgres.stderr).to.contain('--to must be a URL starting with postgres://');
    const fromPostgres = await runCli(['db', 'copy', '--to', url], { ...env, DATABASE_URL: url });
    expect(fromPostgres.code).to.equal(1);
    expect(fromPostgres.stderr).to.contain('is on PostgreSQL already');
  });
});
