import { sharedPostgres } from '@islamic-data/test-fixtures';
import { migrateToLatest, openPostgresDatabase, type PostgresDatabase } from '../src/index.js';

const TEMPLATE = 'islamic_test_migrated';
let template: Promise<void> | undefined;

/** A database migrated once per test process, that fresh databases copy (CREATE DATABASE ... TEMPLATE). */
function migratedTemplate(): Promise<void> {
  template ??= (async () => {
    const postgres = await sharedPostgres();
    await postgres.query(`create database ${TEMPLATE}`);
    const database = openPostgresDatabase(postgres.urlOf(TEMPLATE));
    try {
      await migrateToLatest(database.db);
    } finally {
      // A template must have no connections while it is copied.
      await database.close();
    }
  })();
  return template;
}

/**
 * Registers hooks that give each caller a new, migrated database on the shared test cluster (with
 * its URL, for a second connection), its pool closed after the suite.
 */
export function freshDatabase(): () => Promise<PostgresDatabase & { url: string }> {
  const opened: PostgresDatabase[] = [];
  after(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });
  return async () => {
    await migratedTemplate();
    const url = await (await sharedPostgres()).createDatabase(TEMPLATE);
    const database = openPostgresDatabase(url, { maxConnections: 4 });
    opened.push(database);
    return { ...database, url };
  };
}

/** Lets the first suite that needs the cluster install and start it without hitting mocha's hook timeout. */
export function startsPostgres(): void {
  before(async function () {
    this.timeout(600_000);
    await migratedTemplate();
  });
}
