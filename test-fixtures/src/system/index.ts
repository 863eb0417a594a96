export * from './debian-packages.js';
export * from './postgres.js';
export * from './redis.js';
