import { migrateToLatest, openDatabase, sqliteUnitOfWork } from '@islamic-data/adapters-sqlite';
import { ManualClock, OPERATOR_ACTOR, putAyahTranslation, type AuditEntry } from '@islamic-data/core';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from './cli-process.js';
import { contentRows, readDatabase, seedSyntheticContent } from './content-seed.js';

/** Issue 26, point 5: `audit prune --before` as an operator runs it, on a real SQLite file. */
describe('cli: audit prune --before (real CLI process, real SQLite file)', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-prune-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'warn' };
  const ids: Record<string, number> = {};
  const auditIds = () =>
    readDatabase(env.DATABASE_PATH, (db) =>
      (db.prepare('select id from audit_log order by id').all() as { id: number }[]).map((row) => row.id),
    );

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH, { hadiths: 2 });
    const database = openDatabase(env.DATABASE_PATH);
    try {
      await migrateToLatest(database.db);
      const clock = new ManualClock();
      const deps = { unitOfWork: sqliteUnitOfWork(database.db), clock };
      const put = async (name: string, at: string, ayah: number, text: string) => {
        clock.set(at);
        await putAyahTranslation(deps, { surah: 1, ayah, locale: 'de', text }, OPERATOR_ACTOR);
        ids[name] = auditIds().at(-1)!;
      };
      await put('old', '2026-01-01T00:00:00.000Z', 1, 'Test de 1:1 v1');
      await put('newestOf1', '2026-02-01T00:00:00.000Z', 1, 'Test de 1:1 v2');
      await put('old2', '2026-01-01T00:00:00.000Z', 2, 'Test de 1:2 v1');
      await put('recent2', '2026-07-01T00:00:00.000Z', 2, 'Test de 1:2 v2');
    } finally {
      await database.close();
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a missing or unreadable date, deleting nothing', async () => {
    const all = auditIds();
    const missing = await runCli(['audit', 'prune'], env);
    expect(missing.code).to.not.equal(0);
    expect(missing.stderr).to.include('--before');
    const bad = await runCli(['audit', 'prune', '--before', 'last spring'], env);
    expect(bad.code).to.not.equal(0);
    expect(bad.stderr).to.include('before must be an ISO 8601 time');
    expect(auditIds()).to.deep.equal(all);
  });

  it('deletes older entries but keeps the newest of each record, which a rollback still needs', async () => {
    const all = auditIds();
    const pruned = await runCli(['audit', 'prune', '--before', '2026-06-01', '--json'], env);
    expect(pruned.code, pruned.stderr).to.equal(0);
    expect(JSON.parse(pruned.stdout)).to.deep.equal({ before: '2026-06-01T00:00:00.000Z', deleted: 2, kept: 1 });
    expect(auditIds()).to.deep.equal(all.filter((id) => id !== ids.old && id !== ids.old2));

    const text = await runCli(['audit', 'prune', '--before', '2026-06-01'], env);
    expect(text.stdout).to.include('Deleted 0').and.include('Kept 1').and.include('--force');

    const rollback = await runCli(['audit', 'rollback', String(ids.newestOf1), '--json'], env);
    expect(rollback.code, rollback.stderr).to.equal(0);
    const translation = contentRows(env.DATABASE_PATH).quran_ayah_translations!.find(
      (row) => (row as { ayah: number }).ayah === 1 && (row as { locale: string }).locale === 'de',
    ) as { text: string };
    expect(translation.text).to.equal('Test de 1:1 v1');
  });

  it('with --force deletes the newest of a record too, but never an entry a remaining rollback reverted', async () => {
    const forced = await runCli(['audit', 'prune', '--before', '2026-06-01', '--force', '--json'], env);
    expect(forced.code, forced.stderr).to.equal(0);
    expect(JSON.parse(forced.stdout)).to.include({ deleted: 0, kept: 1 });
    const listed = JSON.parse(
      (await runCli(['audit', 'list', '--limit', '1000', '--json'], env)).stdout,
    ) as AuditEntry[];
    expect(listed.filter((entry) => entry.at < '2026-06-01').map((entry) => entry.id)).to.deep.equal([ids.newestOf1]);
    expect(listed.map((entry) => entry.id)).to.include(ids.recent2);
    expect(listed.find((entry) => entry.revertsEntryId === ids.newestOf1)).to.not.equal(undefined);

    await runCli(['audit', 'prune', '--before', '2099-01-01', '--force'], env);
    expect(auditIds()).to.deep.equal([]);
  });
});
