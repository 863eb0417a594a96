import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrationProvider } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
}

/** Brings the schema up to date; safe to run on every start. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result: MigrationResult) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
  return { applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}
