// Builders, conformance suites and test data helpers of the hadith feature.
export * from './hadith-builders.js';
export * from './hadith-store.conformance.js';
export * from './hadith-import-store.conformance.js';
export type { HadithStores } from './hadith-seed.js';
export * from './hadith-json-data.js';
export * from './hadith-search.conformance.js';
export * from './hadith-search-ranking.conformance.js';
export * from './hadith-import-rollback.conformance.js';
