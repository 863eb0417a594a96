export * from './hadith-store.js';
export * from './in-memory-hadith-store.js';
