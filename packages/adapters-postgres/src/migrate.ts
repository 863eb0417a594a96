import { migrateWith, type MigrationReport } from '@islamic-data/adapters-kysely';
import type { Kysely } from 'kysely';
import { migrationProvider } from './migrations/index.js';

export type { MigrationReport };

/** Brings the schema up to date; safe to run on every start. */
export const migrateToLatest = (db: Kysely<any>): Promise<MigrationReport> => migrateWith(db, migrationProvider);
