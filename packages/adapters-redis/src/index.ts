export * from './redis-connection.js';
export * from './redis-rate-limiter.js';
export type { Redis as RedisClient } from 'ioredis';
export * from './redis-request-admission.js';
