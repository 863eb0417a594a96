import type { AuditTarget } from './audit-target.js';

/** The operator, when a write comes from the CLI rather than from a key. */
export const OPERATOR_ACTOR = { keyId: null, keyName: 'operator' } as const;

/** The action of an import's audit entry (one per edition or collection that changed). */
export const IMPORT_ACTION = 'import';

export interface Actor {
  keyId: string | null;
  keyName: string;
}

/** The actor of a write made with an API key. */
export const actorOfKey = (key: { id: string; name: string }): Actor => ({ keyId: key.id, keyName: key.name });

/** One recorded write: who, what, and the whole record before and after it (null where absent). */
export interface AuditEntry {
  id: number;
  at: string;
  keyId: string | null;
  keyName: string;
  action: string;
  /** What the write changed; null on entries written before targets were recorded (not restorable). */
  target: AuditTarget | null;
  /** `auditResource(target)`, kept for listing and filtering (and the only name old entries have). */
  resource: string;
  before: unknown;
  after: unknown;
  /** Set on a rollback: the id of the entry it undid. */
  revertsEntryId: number | null;
}

/** What a write appends; the log derives `resource` from `target`. */
export type NewAuditEntry = Omit<AuditEntry, 'id' | 'target' | 'resource' | 'revertsEntryId'> & {
  target: AuditTarget;
  revertsEntryId?: number | null;
};

export interface AuditFilter {
  keyId?: string;
  /** Matches resources that start with this text, e.g. `quran/2`. */
  resourcePrefix?: string;
  action?: string;
  since?: string;
  until?: string;
  limit?: number;
}
