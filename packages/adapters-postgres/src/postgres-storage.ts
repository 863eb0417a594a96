import { kyselyPrecomputedAnswers, type Storage } from '@islamic-data/adapters-kysely';
import { openPostgresDatabase, type PostgresOptions } from './database.js';
import { migrateToLatest } from './migrate.js';
import { postgresHealthProbe } from './postgres-health-probe.js';
import { postgresContentVersions } from './stores/postgres-content-versions.js';
import { postgresStores } from './stores/postgres-stores.js';
import { postgresUnitOfWork } from './stores/postgres-unit-of-work.js';

/** Every port that lives in the database, on one PostgreSQL database. */
export type PostgresStorage = Storage<'postgres'>;

/** Connects a pool to `url` and binds every storage port to it; `migrate()` is left to the caller. */
export function postgresStorage(url: string, options: PostgresOptions = {}): PostgresStorage {
  const database = openPostgresDatabase(url, options);
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
    precomputedAnswers: kyselyPrecomputedAnswers(database.db),
  };
}
