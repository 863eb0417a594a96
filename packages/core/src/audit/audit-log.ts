import type { AuditEntry, AuditFilter, NewAuditEntry } from './audit-entry.js';

/** Port: the append-only record of every write. */
export interface AuditLog {
  append(entry: NewAuditEntry): Promise<AuditEntry>;
  get(id: number): Promise<AuditEntry | undefined>;
  /** Newest first. */
  list(filter?: AuditFilter): Promise<AuditEntry[]>;
}
