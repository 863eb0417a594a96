export * from './city-directory.js';
export * from './resolve-place.js';
