import type { Snapshottable } from '../shared/snapshottable.js';
import type { AuditEntry, AuditFilter, NewAuditEntry } from './audit-entry.js';
import type { AuditLog } from './audit-log.js';
import { auditResource } from './audit-target.js';

export class InMemoryAuditLog implements AuditLog, Snapshottable {
  private entries: AuditEntry[] = [];

  async append(entry: NewAuditEntry): Promise<AuditEntry> {
    const stored: AuditEntry = {
      id: this.entries.length + 1,
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

  snapshot(): unknown {
    return structuredClone(this.entries);
  }

  restore(snapshot: unknown): void {
    this.entries = structuredClone(snapshot as AuditEntry[]);
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
