export * from './arabic-folding.js';
export * from './search-query.js';
export * from './snippet.js';
export * from './text-matcher.js';
export * from './search.js';
export * from './search-content.js';
export * from './in-memory-search.js';
