import { kyselyPrecomputedAnswers, type Storage } from '@islamic-data/adapters-kysely';
import { openDatabase, type OpenOptions, type SqliteDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';
import { sqliteHealthProbe } from './sqlite-health-probe.js';
import { sqliteContentVersions } from './stores/sqlite-content-versions.js';
import { sqliteStores } from './stores/sqlite-stores.js';
import { sqliteUnitOfWork } from './stores/sqlite-unit-of-work.js';

/** Every port that lives in the database, on one SQLite file, and the file itself for what only SQLite has. */
export interface SqliteStorage extends Storage<'sqlite'> {
  database: Storage<'sqlite'>['database'] & {
    /** The open database, for what only SQLite has (online backup, restore, integrity_check). */
    sqlite: SqliteDatabase;
  };
}

/**
 * Opens (creating if needed) the SQLite file and binds every storage port to it; `migrate()` is left to the caller.
 * `writeWaitMs` (a server): transactions wait for another process's write lock without blocking the event loop,
 * and are refused with SERVICE_UNAVAILABLE after that long (`sqliteUnitOfWork`). `cacheKibibytes`: the
 * connection's page cache (`openDatabase`).
 */
export function sqliteStorage(file: string, options: { writeWaitMs?: number } & OpenOptions = {}): SqliteStorage {
  const database = openDatabase(file, { cacheKibibytes: options.cacheKibibytes });
  const wait = options.writeWaitMs === undefined ? undefined : { sqlite: database.sqlite, ms: options.writeWaitMs };
  return {
    database: {
      engine: 'sqlite',
      name: database.file,
      sqlite: database,
      migrate: () => migrateToLatest(database.db),
      close: () => database.close(),
    },
    stores: sqliteStores(database.db),
    unitOfWork: sqliteUnitOfWork(database.db, wait),
    health: sqliteHealthProbe(database.sqlite),
    contentVersions: sqliteContentVersions(database.db, database.sqlite),
    precomputedAnswers: kyselyPrecomputedAnswers(database.db),
  };
}
