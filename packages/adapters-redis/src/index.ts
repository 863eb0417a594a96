export * from './redis-connection.js';
export * from './redis-rate-limiter.js';
