export * from './database.js';
export * from './schema.js';
export * from './migrate.js';
export * from './backup.js';
export * from './stores/sqlite-key-store.js';
export * from './stores/sqlite-audit-log.js';
export * from './stores/sqlite-rate-limiter.js';
export * from './stores/sqlite-unit-of-work.js';
