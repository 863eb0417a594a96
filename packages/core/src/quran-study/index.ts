export * from './quran-study.js';
export * from './in-memory-quran-study-store.js';
export * from './read-quran-study.js';
export * from './import-quran-study.js';
export { toBuckwalter, fromBuckwalter } from './buckwalter.js';
