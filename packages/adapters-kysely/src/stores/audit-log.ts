import type { AuditFilter, AuditLog, NewAuditEntry } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import { fromAuditRow, toAuditRow } from '../tables/audit-log.table.js';

export function kyselyAuditLog<DB extends SharedDatabase>(db: Kysely<DB>): AuditLog {
  const trx = sharedTables(db);
  return {
    async append(entry: NewAuditEntry) {
      const row = await trx.insertInto('audit_log').values(toAuditRow(entry)).returningAll().executeTakeFirstOrThrow();
      return fromAuditRow(row);
    },
    async get(id: number) {
      const row = await trx.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
      return row && fromAuditRow(row);
    },
    async list(filter: AuditFilter = {}) {
      let query = trx.selectFrom('audit_log').selectAll();
      if (filter.keyId !== undefined) query = query.where('key_id', '=', filter.keyId);
      if (filter.resourcePrefix !== undefined) {
        query = query
          .where('resource', '>=', filter.resourcePrefix)
          .where('resource', '<', filter.resourcePrefix + '\uffff');
      }
      if (filter.action !== undefined) query = query.where('action', '=', filter.action);
      if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
      if (filter.until !== undefined) query = query.where('at', '<=', filter.until);
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      const rows = await query.orderBy('at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(fromAuditRow);
    },
  };
}
