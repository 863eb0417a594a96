import type { Edition, EditionResource, EditionStore } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import { fromEditionRow, toEditionRow } from '../tables/editions.table.js';

export function kyselyEditionStore<DB extends SharedDatabase>(db: Kysely<DB>): EditionStore {
  const trx = sharedTables(db);
  return {
    async upsert(edition: Edition) {
      const row = toEditionRow(edition);
      const { resource: _r, collection: _c, lang: _l, ...metadata } = row;
      await trx
        .insertInto('editions')
        .values(row)
        .onConflict((oc) => oc.columns(['resource', 'collection', 'lang']).doUpdateSet(metadata))
        .execute();
    },
    async get(resource: EditionResource, collection: string | null, lang: string) {
      const row = await trx
        .selectFrom('editions')
        .selectAll()
        .where('resource', '=', resource)
        .where('collection', '=', collection ?? '')
        .where('lang', '=', lang)
        .executeTakeFirst();
      return row && fromEditionRow(row);
    },
    async list() {
      const rows = await trx
        .selectFrom('editions')
        .selectAll()
        .orderBy('resource')
        .orderBy('collection')
        .orderBy('lang')
        .execute();
      return rows.map(fromEditionRow);
    },
  };
}
