export {
  kyselyAuditLog as postgresAuditLog,
  kyselyEditionStore as postgresEditionStore,
  kyselyKeyStore as postgresKeyStore,
  kyselyKeyRequestStore as postgresKeyRequestStore,
  kyselyPrecomputedAnswers as postgresPrecomputedAnswers,
} from '@islamic-data/adapters-kysely';
export * from './database.js';
export * from './schema.js';
export * from './migrate.js';
export * from './postgres-health-probe.js';
export * from './postgres-storage.js';
export * from './stores/postgres-stores.js';
export * from './stores/postgres-unit-of-work.js';
export * from './stores/postgres-mosque-store.js';
export * from './stores/postgres-content-versions.js';
export * from './copy/copy-rows.js';
export { indexSearchText } from './search/search-vector.js';
export { SEARCH_STATEMENT_TIMEOUT_MS, withSearchBudget } from './search/search-budget.js';
