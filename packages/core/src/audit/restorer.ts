import type { Stores } from '../shared/unit-of-work.js';
import type { AuditTarget, AuditTargetOf, AuditTargetType } from './audit-target.js';

/** How a rollback reads and puts back one kind of audited record (a translation, an ayah's metadata, …). */
export interface Restorer<Target extends AuditTarget> {
  /**
   * The record's current state, in the shape its audit entries snapshot it (null: absent). `hint` is
   * the entry's `after`, for targets that are many records (an import names the ones it snapshotted).
   */
  current(stores: Stores, target: Target, hint?: unknown): Promise<unknown>;
  /** The part of a snapshot that a rollback compares and puts back (e.g. only the metadata). */
  comparable(snapshot: unknown): unknown;
  /** Writes the restorable part of `snapshot` back (null: the record did not exist). */
  restore(stores: Stores, target: Target, snapshot: unknown): Promise<void>;
}

/** A restorer for each kind of target that can be rolled back; the other kinds are not restorable. */
export type Restorers = { [Type in AuditTargetType]?: Restorer<AuditTargetOf<Type>> };

export function restorerFor(restorers: Restorers, target: AuditTarget | null): Restorer<AuditTarget> | undefined {
  // Indexed by the target's own type, so the restorer takes exactly this target.
  return target === null ? undefined : (restorers[target.type] as Restorer<AuditTarget> | undefined);
}
