export * from './test-dependencies.js';
