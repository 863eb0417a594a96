import { sharedPostgres } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { Migrator, sql } from 'kysely';
import { migrateToLatest, openPostgresDatabase, type PostgresDatabase } from '../src/index.js';
import { migrationProvider } from '../src/migrations/index.js';
import { startsPostgres } from './fresh-database.js';

const DROP = '2026-11-26-002-drop-rate-limit-windows';

describe('PostgreSQL: the migration that drops the unused rate-limit windows', () => {
  startsPostgres();
  const opened: PostgresDatabase[] = [];
  const open = async () => {
    const database = openPostgresDatabase(await (await sharedPostgres()).createDatabase());
    opened.push(database);
    return database;
  };
  const hasTable = async (database: PostgresDatabase) => {
    const { rows } = await sql<{
      present: boolean;
    }>`select to_regclass('rate_limit_windows') is not null as present`.execute(database.db);
    return rows[0]!.present;
  };
  after(() => Promise.all(opened.map((database) => database.close())));

  it('drops the table from a database that ran the migration that made it, and can be undone', async () => {
    const database = await open();
    const migrator = new Migrator({ db: database.db, provider: migrationProvider });
    const { error } = await migrator.migrateTo('2026-11-24-060-content-versions');
    if (error) throw error;
    await sql`insert into rate_limit_windows (bucket, window_start, count) values ('k', 0, 1)`.execute(database.db);

    expect(await migrateTo(migrator, DROP)).to.deep.equal([DROP]);
    expect(await hasTable(database)).to.equal(false);

    // Back to before it (the later migrations come down first), then up again.
    const down = await migrator.migrateTo('2026-11-24-060-content-versions');
    if (down.error) throw down.error;
    expect(await hasTable(database)).to.equal(true);
    expect(await migrateTo(migrator, DROP)).to.deep.equal([DROP]);
    expect(await hasTable(database)).to.equal(false);
  });

  it('leaves a new database without it', async () => {
    const database = await open();
    expect((await migrateToLatest(database.db)).applied).to.include(DROP);
    expect(await hasTable(database)).to.equal(false);
  });
});

/** Applies the migrations up to `name` (later ones, such as key requests, stay pending); the names applied. */
async function migrateTo(migrator: Migrator, name: string): Promise<string[]> {
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error;
  return (results ?? []).map((result) => result.migrationName);
}
