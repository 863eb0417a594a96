// Builders and conformance suites of the quran feature.
export * from './builders.js';
export * from './quran-store.conformance.js';
export * from './quran-search.conformance.js';
export * from './quran-study-store.conformance.js';
export * from './quran-import-rollback.conformance.js';
