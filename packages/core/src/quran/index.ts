export * from './quran-store.js';
export * from './in-memory-quran-store.js';
