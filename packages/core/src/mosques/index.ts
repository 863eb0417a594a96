export * from './mosque-store.js';
export * from './in-memory-mosque-store.js';
