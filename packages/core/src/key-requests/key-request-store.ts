import type { KeyRequestRecord } from './key-request.js';

/** Port: key requests in every state. */
export interface KeyRequestStore {
  insert(record: KeyRequestRecord): Promise<void>;
  /** Replaces the record with the same id. */
  update(record: KeyRequestRecord): Promise<void>;
  get(id: string): Promise<KeyRequestRecord | undefined>;
  findByClaimTokenHash(hash: string): Promise<KeyRequestRecord | undefined>;
  /** Oldest first; only those with the stored status when one is given. */
  list(status?: KeyRequestRecord['status']): Promise<KeyRequestRecord[]>;
  /** Pending requests from this (lower-cased) e-mail address. */
  countPendingFor(email: string): Promise<number>;
}
