import type { AuditLog } from '../audit/audit-log.js';
import type { KeyStore } from '../keys/key-store.js';

/** The stores a use case may touch, all bound to one transaction (or to none). */
export interface Stores {
  keys: KeyStore;
  audit: AuditLog;
}

/** Port: runs work against stores bound to one transaction; all of it commits or none of it does. */
export interface UnitOfWork {
  run<T>(work: (stores: Stores) => Promise<T>): Promise<T>;
}
