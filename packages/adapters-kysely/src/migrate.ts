import { Migrator, type Kysely, type MigrationProvider, type MigrationResult } from 'kysely';

export interface MigrationReport {
  applied: string[];
}

/** Brings the schema up to date with a dialect's own migrations; safe to run on every start. */
export async function migrateWith(db: Kysely<any>, provider: MigrationProvider): Promise<MigrationReport> {
  const migrator = new Migrator({ db, provider });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((result: MigrationResult) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
  }
  return { applied: results.filter((result) => result.status === 'Success').map((result) => result.migrationName) };
}
