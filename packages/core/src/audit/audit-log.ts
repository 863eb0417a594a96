import type { AuditEntry, AuditFilter, NewAuditEntry } from './audit-entry.js';

/** What `prune` removed, and what it kept because a rollback still needs it. */
export interface PruneResult {
  deleted: number;
  /** Entries older than the date kept: the newest of their record, or named by a remaining rollback (see `prune`). */
  kept: number;
}

/** Port: the append-only record of every write. */
export interface AuditLog {
  append(entry: NewAuditEntry): Promise<AuditEntry>;
  get(id: number): Promise<AuditEntry | undefined>;
  /** Newest first. */
  list(filter?: AuditFilter): Promise<AuditEntry[]>;
  /**
   * The distinct locales of the translations `keyId` created (a `translation.put` whose record had
   * no translation in that locale before) at or after `since`.
   */
  localesCreatedBy(keyId: string, since: string): Promise<string[]>;
  /**
   * Deletes the entries written before `before`, except (unless `force`) the newest entry of each
   * resource, the one whose `before` a rollback of the record's latest write puts back, and (always)
   * an entry that a remaining rollback entry names as the one it reverted.
   */
  prune(before: string, options?: { force?: boolean }): Promise<PruneResult>;
}
