import type { ContentVersions, HealthProbe, Stores, UnitOfWork } from '@islamic-data/core';
import { openDatabase, type SqliteDatabase } from './database.js';
import { migrateToLatest, type MigrationReport } from './migrate.js';
import { sqliteHealthProbe } from './sqlite-health-probe.js';
import { sqliteContentVersions } from './stores/sqlite-content-versions.js';
import { sqliteStores } from './stores/sqlite-stores.js';
import { sqliteUnitOfWork } from './stores/sqlite-unit-of-work.js';

/** Every port that lives in the database, on one SQLite file: what a composition root binds them from. */
export interface SqliteStorage {
  database: {
    engine: 'sqlite';
    /** The file. */
    name: string;
    /** The open database, for what only SQLite has (online backup, restore, integrity_check). */
    sqlite: SqliteDatabase;
    /** Applies pending migrations; safe on every start. */
    migrate(): Promise<MigrationReport>;
    close(): Promise<void>;
  };
  stores: Stores;
  unitOfWork: UnitOfWork;
  health: HealthProbe;
  contentVersions: ContentVersions;
}

/** Opens (creating if needed) the SQLite file and binds every storage port to it; `migrate()` is left to the caller. */
export function sqliteStorage(file: string): SqliteStorage {
  const database = openDatabase(file);
  return {
    database: {
      engine: 'sqlite',
      name: database.file,
      sqlite: database,
      migrate: () => migrateToLatest(database.db),
      close: () => database.close(),
    },
    stores: sqliteStores(database.db),
    unitOfWork: sqliteUnitOfWork(database.db),
    health: sqliteHealthProbe(database.sqlite),
    contentVersions: sqliteContentVersions(database.db, database.sqlite),
  };
}
