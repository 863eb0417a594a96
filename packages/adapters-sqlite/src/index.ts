export {
  kyselyAuditLog as sqliteAuditLog,
  kyselyEditionStore as sqliteEditionStore,
  kyselyKeyStore as sqliteKeyStore,
  kyselyKeyRequestStore as sqliteKeyRequestStore,
  kyselyPrecomputedAnswers as sqlitePrecomputedAnswers,
} from '@islamic-data/adapters-kysely';
export * from './database.js';
export * from './schema.js';
export * from './migrate.js';
export * from './backup.js';
export * from './backup-check.js';
export * from './server-lock.js';
export * from './sqlite-health-probe.js';
export * from './sqlite-storage.js';
export * from './stores/sqlite-stores.js';
export * from './stores/sqlite-unit-of-work.js';
export * from './stores/sqlite-content-versions.js';
export * from './stores/sqlite-mosque-store.js';
export * from './table-rows.js';
