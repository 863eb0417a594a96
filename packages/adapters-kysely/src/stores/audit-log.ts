import {
  AUDIT_ACTIONS,
  isCreatedTranslation,
  type AuditFilter,
  type AuditLog,
  type NewAuditEntry,
} from '@islamic-data/core';
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
    async localesCreatedBy(keyId: string, since: string) {
      const rows = await trx
        .selectFrom('audit_log')
        .select(['action', 'target_json'])
        .where('key_id', '=', keyId)
        .where('at', '>=', since)
        .where('action', '=', AUDIT_ACTIONS.putTranslation)
        .where('before_json', 'is', null)
        .execute();
      const targets = rows.map((row) => ({ ...row, before: null, target: JSON.parse(row.target_json ?? 'null') }));
      return [...new Set(targets.filter(isCreatedTranslation).map((row) => row.target.locale as string))];
    },
    async prune(before: string, options: { force?: boolean } = {}) {
      // The newest entry of each resource holds the before-state a rollback of the record's latest write needs;
      // an entry a remaining rollback names (`reverts_entry_id`) stays with it. Deleting the unnamed ones can
      // free older ones (a rollback of a rollback), hence the rounds; each round deletes or ends the loop.
      let deleted = 0;
      for (;;) {
        let query = trx
          .deleteFrom('audit_log')
          .where('at', '<', before)
          .where('id', 'not in', (eb) =>
            eb.selectFrom('audit_log as r').select('r.reverts_entry_id').where('r.reverts_entry_id', 'is not', null),
          );
        if (!options.force)
          query = query.where('id', 'not in', (eb) =>
            eb
              .selectFrom('audit_log as n')
              .select((n) => n.fn.max('n.id').as('id'))
              .groupBy('n.resource'),
          );
        const round = Number((await query.executeTakeFirst()).numDeletedRows);
        if (round === 0) break;
        deleted += round;
      }
      const { n } = await trx
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('at', '<', before)
        .executeTakeFirstOrThrow();
      return { deleted, kept: Number(n) };
    },
  };
}
