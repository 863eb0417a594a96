export * from './builders.js';
export * from './conformance/key-store.conformance.js';
export * from './conformance/audit-log.conformance.js';
export * from './conformance/rate-limiter.conformance.js';
export * from './conformance/unit-of-work.conformance.js';
export * from './conformance/edition-store.conformance.js';
