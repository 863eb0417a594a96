import type { ContentVersions, HealthProbe, Stores, UnitOfWork } from '@islamic-data/core';
import { openPostgresDatabase } from './database.js';
import { migrateToLatest, type MigrationReport } from './migrate.js';
import { postgresHealthProbe } from './postgres-health-probe.js';
import { postgresContentVersions } from './stores/postgres-content-versions.js';
import { postgresStores } from './stores/postgres-stores.js';
import { postgresUnitOfWork } from './stores/postgres-unit-of-work.js';

/** Every port that lives in the database, on one PostgreSQL database: what a composition root binds them from. */
export interface PostgresStorage {
  database: {
    engine: 'postgres';
    /** The URL without its password. */
    name: string;
    /** Applies pending migrations; safe on every start. */
    migrate(): Promise<MigrationReport>;
    close(): Promise<void>;
  };
  stores: Stores;
  unitOfWork: UnitOfWork;
  health: HealthProbe;
  contentVersions: ContentVersions;
}

/** Connects a pool to `url` and binds every storage port to it; `migrate()` is left to the caller. */
export function postgresStorage(url: string): PostgresStorage {
  const database = openPostgresDatabase(url);
  return {
    database: {
      engine: 'postgres',
      name: database.name,
      migrate: () => migrateToLatest(database.db),
      close: () => database.close(),
    },
    stores: postgresStores(database.db),
    unitOfWork: postgresUnitOfWork(database.db),
    health: postgresHealthProbe(database.db),
    contentVersions: postgresContentVersions(database.db),
  };
}
