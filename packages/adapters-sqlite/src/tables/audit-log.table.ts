import type { AuditEntry, NewAuditEntry } from '@islamic-data/core';
import type { Generated, Insertable, Selectable } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  key_id: string | null;
  key_name: string;
  action: string;
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
    resource: entry.resource,
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
    resource: row.resource,
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
    revertsEntryId: row.reverts_entry_id,
  };
}
