import { AUDIT_ACTIONS } from '../shared/translation.js';
import type { Snapshottable } from '../shared/snapshottable.js';
import type { AuditEntry, AuditFilter, NewAuditEntry } from './audit-entry.js';
import type { AuditLog, PruneResult } from './audit-log.js';
import { auditResource } from './audit-target.js';

export class InMemoryAuditLog implements AuditLog, Snapshottable {
  private entries: AuditEntry[] = [];
  /** Ids are never given twice, even after a prune. */
  private lastId = 0;

  async append(entry: NewAuditEntry): Promise<AuditEntry> {
    const stored: AuditEntry = {
      id: ++this.lastId,
      ...structuredClone(entry),
      resource: auditResource(entry.target),
      revertsEntryId: entry.revertsEntryId ?? null,
    };
    this.entries.push(stored);
    return structuredClone(stored);
  }

  async get(id: number): Promise<AuditEntry | undefined> {
    const entry = this.entries.find((candidate) => candidate.id === id);
    return entry && structuredClone(entry);
  }

  async list(filter: AuditFilter = {}): Promise<AuditEntry[]> {
    return this.entries
      .filter((entry) => matches(entry, filter))
      .sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id)
      .slice(0, filter.limit ?? Infinity)
      .map((entry) => structuredClone(entry));
  }

  async localesCreatedBy(keyId: string, since: string): Promise<string[]> {
    const locales = this.entries
      .filter((entry) => entry.keyId === keyId && entry.at >= since && isCreatedTranslation(entry))
      .map((entry) => (entry.target as { locale: string }).locale);
    return [...new Set(locales)];
  }

  async prune(before: string, options: { force?: boolean } = {}): Promise<PruneResult> {
    const newest = new Map<string, number>();
    for (const entry of this.entries) newest.set(entry.resource, Math.max(newest.get(entry.resource) ?? 0, entry.id));
    const initial = this.entries.length;
    for (;;) {
      const named = new Set(this.entries.map((entry) => entry.revertsEntryId));
      const remaining = this.entries.filter(
        (entry) =>
          entry.at >= before || named.has(entry.id) || (!options.force && newest.get(entry.resource) === entry.id),
      );
      if (remaining.length === this.entries.length) break;
      this.entries = remaining;
    }
    const kept = this.entries.filter((entry) => entry.at < before).length;
    return { deleted: initial - this.entries.length, kept };
  }

  snapshot(): unknown {
    return structuredClone(this.entries);
  }

  restore(snapshot: unknown): void {
    this.entries = structuredClone(snapshot as AuditEntry[]);
    this.lastId = Math.max(0, ...this.entries.map((entry) => entry.id));
  }
}

function matches(entry: AuditEntry, filter: AuditFilter): boolean {
  return (
    (filter.keyId === undefined || entry.keyId === filter.keyId) &&
    (filter.resourcePrefix === undefined || entry.resource.startsWith(filter.resourcePrefix)) &&
    (filter.action === undefined || entry.action === filter.action) &&
    (filter.since === undefined || entry.at >= filter.since) &&
    (filter.until === undefined || entry.at <= filter.until)
  );
}

/** A `translation.put` that created its translation (the record had none in that locale). */
export const isCreatedTranslation = (entry: Pick<AuditEntry, 'action' | 'before' | 'target'>) =>
  entry.action === AUDIT_ACTIONS.putTranslation &&
  entry.before === null &&
  entry.target !== null &&
  'locale' in entry.target;
