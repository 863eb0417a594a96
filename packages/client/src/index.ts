export { ApiError, type RateLimit } from './api-error.js';
export * from './client.js';
