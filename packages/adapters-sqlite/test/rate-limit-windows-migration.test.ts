import { expect } from 'chai';
import { Migrator } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, type SqliteDatabase } from '../src/index.js';
import { migrationProvider } from '../src/migrations/index.js';

const DROP = '2026-11-26-007-drop-rate-limit-windows';

describe('SQLite: the migration that drops the unused rate-limit windows', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-rate-limit-windows-'));
  const opened: SqliteDatabase[] = [];
  const open = (name: string) => {
    const database = openDatabase(path.join(dir, name));
    opened.push(database);
    return database;
  };
  const hasTable = (database: SqliteDatabase) =>
    (
      database.sqlite
        .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'rate_limit_windows'")
        .get() as { n: number }
    ).n === 1;
  after(async () => {
    await Promise.all(opened.map((database) => database.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('drops the table from a database that ran the migration that made it, and can be undone', async () => {
    const database = open('before-drop.db');
    const migrator = new Migrator({ db: database.db, provider: migrationProvider });
    const { error } = await migrator.migrateTo('2026-11-23-070-search-index');
    if (error) throw error;
    database.sqlite.prepare("insert into rate_limit_windows (bucket, window_start, count) values ('k', 0, 1)").run();

    expect(await migrateTo(migrator, DROP)).to.deep.equal([DROP]);
    expect(hasTable(database)).to.equal(false);

    // Back to before it (the later migrations come down first), then up again.
    const down = await migrator.migrateTo('2026-11-23-070-search-index');
    if (down.error) throw down.error;
    expect(hasTable(database)).to.equal(true);
    expect(await migrateTo(migrator, DROP)).to.deep.equal([DROP]);
    expect(hasTable(database)).to.equal(false);
  });

  it('leaves a new database without it', async () => {
    const database = open('new.db');
    expect((await migrateToLatest(database.db)).applied).to.include(DROP);
    expect(hasTable(database)).to.equal(false);
  });
});

/** Applies the migrations up to `name` (later ones, such as key requests, stay pending); the names applied. */
async function migrateTo(migrator: Migrator, name: string): Promise<string[]> {
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error;
  return (results ?? []).map((result) => result.migrationName);
}
