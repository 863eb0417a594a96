import { auditResource, type AuditEntry, type AuditTarget, type NewAuditEntry } from '@islamic-data/core';
import type { Generated, Insertable, Selectable } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  key_id: string | null;
  key_name: string;
  action: string;
  /** JSON of the `AuditTarget`; null on entries older than targets that no resource shape matched. */
  target_json: string | null;
  /** Derived from the target when appended; what listing filters on by prefix. */
  resource: string;
  /** JSON of the whole record before the write, or null. */
  before_json: string | null;
  after_json: string | null;
  reverts_entry_id: number | null;
}

export function toAuditRow(entry: NewAuditEntry): Insertable<AuditLogTable> {
  return {
    at: entry.at,
    key_id: entry.keyId,
    key_name: entry.keyName,
    action: entry.action,
    target_json: JSON.stringify(entry.target),
    resource: auditResource(entry.target),
    before_json: entry.before == null ? null : JSON.stringify(entry.before),
    after_json: entry.after == null ? null : JSON.stringify(entry.after),
    reverts_entry_id: entry.revertsEntryId ?? null,
  };
}

export function fromAuditRow(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    keyId: row.key_id,
    keyName: row.key_name,
    action: row.action,
    target: row.target_json === null ? null : (JSON.parse(row.target_json) as AuditTarget),
    resource: row.resource,
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
    revertsEntryId: row.reverts_entry_id,
  };
}
