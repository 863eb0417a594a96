import type { Stores } from '../shared/unit-of-work.js';

/**
 * How one kind of audited record is read and put back, for rollbacks. Each feature provides
 * restorers for the records its writes audit (translations, metadata).
 */
export interface RecordRestorer {
  /** Whether the audit entry's resource (and action) is one this restorer handles. */
  handles(entry: { resource: string; action: string }): boolean;
  /** The record's current state, in the shape the audit entry snapshots it. */
  current(stores: Stores, resource: string): Promise<unknown>;
  /** The part of a snapshot that a rollback restores and compares (e.g. metadata only). */
  comparable(snapshot: unknown): unknown;
  /** Writes the restorable part of `snapshot` back (null: the record did not exist). */
  restore(stores: Stores, resource: string, snapshot: unknown): Promise<void>;
}
