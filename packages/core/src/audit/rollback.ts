import { isDeepStrictEqual } from 'node:util';
import type { Clock } from '../clock.js';
import { AppError, notFound, validationError } from '../errors.js';
import { parameterError } from '../parameter-error.js';
import type { Stores, UnitOfWork } from '../shared/unit-of-work.js';
import { OPERATOR_ACTOR, type AuditEntry } from './audit-entry.js';
import { restorerFor, type Restorers } from './restorer.js';

export const ROLLBACK_ACTION = 'rollback';

export interface RollbackDeps {
  unitOfWork: UnitOfWork;
  clock: Clock;
  /** Chosen by the entry's target type; an entry whose target has none (or no target) cannot be rolled back. */
  restorers: Restorers;
}

export interface PlannedUndo {
  entry: AuditEntry;
  /** The restorable part of the record as it is now (e.g. only the metadata of an ayah). */
  current: unknown;
  /** What the rollback puts back: the same part of the entry's `before`. */
  restored: unknown;
}

export interface RollbackResult {
  undone: PlannedUndo[];
  rollbackEntries: AuditEntry[];
  dryRun: boolean;
}

/** Undoes one audited write: puts its record back as it was before the write. */
export async function rollbackEntry(
  deps: RollbackDeps,
  entryId: number,
  options: { force?: boolean } = {},
): Promise<RollbackResult> {
  return deps.unitOfWork.run(async (stores) => {
    const entry = await stores.audit.get(entryId);
    if (!entry) throw notFound(`No audit entry with id ${entryId}.`);
    return undo(deps, stores, [entry], { force: options.force ?? false, dryRun: false });
  });
}

/**
 * Undoes every write one key made since a time, newest first, in one transaction: the case of a
 * key that wrote bad translations. Writes already undone (by a rollback that was not itself undone)
 * are skipped, so running it again does nothing. With `dryRun` nothing changes and the plan is returned.
 */
export async function rollbackKeySince(
  deps: RollbackDeps,
  input: { keyId: string; since: string; force?: boolean; dryRun?: boolean },
): Promise<RollbackResult> {
  const since = new Date(input.since);
  if (Number.isNaN(since.getTime()))
    throw parameterError('since', `since must be an ISO 8601 time, got '${input.since}'.`);
  return deps.unitOfWork.run(async (stores) => {
    const undone = await undoneEntryIds(stores, since.toISOString());
    const entries = (await stores.audit.list({ keyId: input.keyId, since: since.toISOString() })).filter(
      (entry) =>
        entry.action !== ROLLBACK_ACTION &&
        !undone.has(entry.id) &&
        restorerFor(deps.restorers, entry.target) !== undefined,
    );
    return undo(deps, stores, entries, { force: input.force ?? false, dryRun: input.dryRun ?? false });
  });
}

/** `entries` newest first; each must find its record as its own write left it, unless forced. */
async function undo(
  deps: RollbackDeps,
  stores: Stores,
  entries: AuditEntry[],
  options: { force: boolean; dryRun: boolean },
): Promise<RollbackResult> {
  const undone: PlannedUndo[] = [];
  const rollbackEntries: AuditEntry[] = [];
  const at = deps.clock.now().toISOString();
  // A dry run changes nothing, so an older entry of a record already planned finds the record as
  // the newer entry's undo would leave it: its `before`.
  const plannedStates = new Map<string, unknown>();
  for (const entry of entries) {
    const { target } = entry;
    const restorer = restorerFor(deps.restorers, target);
    if (!restorer || !target)
      throw validationError(`Audit entry ${entry.id} (${entry.action} ${entry.resource}) cannot be rolled back.`);
    const current = plannedStates.has(entry.resource)
      ? plannedStates.get(entry.resource)
      : await restorer.current(stores, target, entry.after);
    if (!options.force && !isDeepStrictEqual(restorer.comparable(current), restorer.comparable(entry.after))) {
      throw await changedSince(stores, entry);
    }
    undone.push({ entry, current: restorer.comparable(current), restored: restorer.comparable(entry.before) });
    if (options.dryRun) {
      plannedStates.set(entry.resource, entry.before);
      continue;
    }
    await restorer.restore(stores, target, entry.before);
    rollbackEntries.push(
      await stores.audit.append({
        at,
        ...OPERATOR_ACTOR,
        action: ROLLBACK_ACTION,
        target,
        before: current,
        after: await restorer.current(stores, target, entry.after),
        revertsEntryId: entry.id,
      }),
    );
  }
  return { undone, rollbackEntries, dryRun: options.dryRun };
}

/** Ids of the entries (since a time) that a rollback undid, unless that rollback was undone in turn. */
async function undoneEntryIds(stores: Stores, since: string): Promise<Set<number>> {
  const rollbacks = await stores.audit.list({ action: ROLLBACK_ACTION, since });
  const revertersOf = new Map<number, number[]>();
  for (const { id, revertsEntryId } of rollbacks) {
    if (revertsEntryId !== null) revertersOf.set(revertsEntryId, [...(revertersOf.get(revertsEntryId) ?? []), id]);
  }
  const memo = new Map<number, boolean>();
  // A rollback always reverts an older entry, so this recursion ends.
  const isUndone = (id: number): boolean => {
    if (!memo.has(id))
      memo.set(
        id,
        (revertersOf.get(id) ?? []).some((reverter) => !isUndone(reverter)),
      );
    return memo.get(id)!;
  };
  return new Set([...revertersOf.keys()].filter(isUndone));
}

async function changedSince(stores: Stores, entry: AuditEntry): Promise<AppError> {
  const later = (await stores.audit.list({ resourcePrefix: entry.resource }))
    .filter((candidate) => candidate.resource === entry.resource && candidate.id > entry.id)
    .at(-1);
  const by = later
    ? `: entry ${later.id} (${later.action} by ${later.keyName} at ${later.at}) changed it later`
    : ' by a write that is not in the audit log';
  return new AppError(
    'CONFLICT',
    `${entry.resource} has changed since audit entry ${entry.id}${by}. ` +
      `Nothing was changed; use --force to roll back anyway.`,
  );
}
