export * from './key-request.js';
export * from './key-request-input.js';
export * from './key-request-store.js';
export * from './in-memory-key-request-store.js';
export * from './manage-key-requests.js';
