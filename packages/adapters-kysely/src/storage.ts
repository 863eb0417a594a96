import type { ContentVersions, HealthProbe, PrecomputedAnswers, Stores, UnitOfWork } from '@islamic-data/core';
import type { MigrationReport } from './migrate.js';

/**
 * Every port that lives in one database, as an engine's adapter binds them (`sqliteStorage`,
 * `postgresStorage`): what a composition root wires the app from.
 */
export interface Storage<Engine extends string> {
  database: {
    engine: Engine;
    /** The SQLite file, or the PostgreSQL URL without its password. */
    name: string;
    /** Applies pending migrations; safe on every start. */
    migrate(): Promise<MigrationReport>;
    close(): Promise<void>;
  };
  stores: Stores;
  unitOfWork: UnitOfWork;
  health: HealthProbe;
  contentVersions: ContentVersions;
  /** Answers computed ahead of their requests, kept beside the content they were computed from. */
  precomputedAnswers: PrecomputedAnswers;
}
