import type { PrecomputedAnswer, PrecomputedAnswers } from '@islamic-data/core';
import type { Kysely } from 'kysely';
import { sharedTables, type SharedDatabase } from '../schema.js';
import {
  fromPrecomputedAnswerRow,
  toPrecomputedAnswerRow,
  type PrecomputedAnswersTable,
} from '../tables/precomputed-answers.table.js';

/** Rows per upsert (7 parameters each): well under either dialect's limit on bound parameters (SQLite's 32,766). */
const BATCH = 1_000;

/**
 * Precomputed answers in the `precomputed_answers` table, in the same database as the content they were computed
 * from (a backup carries both). `db` is the database or a transaction: the caller decides which. A `keep` of up to
 * 1,000 answers is one statement; a larger one runs in a transaction of its own, unless `db` already is one.
 */
export function kyselyPrecomputedAnswers<DB extends SharedDatabase>(db: Kysely<DB>): PrecomputedAnswers {
  const upsert = (trx: Kysely<SharedDatabase>, rows: PrecomputedAnswersTable[]) =>
    trx
      .insertInto('precomputed_answers')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['key', 'encoding']).doUpdateSet((eb) => ({
          versions: eb.ref('excluded.versions'),
          tag: eb.ref('excluded.tag'),
          length: eb.ref('excluded.length'),
          meta: eb.ref('excluded.meta'),
          bytes: eb.ref('excluded.bytes'),
        })),
      )
      .execute();

  return {
    async find(key, encoding) {
      let select = sharedTables(db).selectFrom('precomputed_answers').selectAll().where('key', '=', key);
      if (encoding !== undefined) select = select.where('encoding', '=', encoding);
      return (await select.orderBy('encoding').execute()).map(fromPrecomputedAnswerRow);
    },

    async keep(answers: readonly PrecomputedAnswer[]) {
      // The last of one key and encoding wins, as in memory (an upsert may not touch one row twice on PostgreSQL).
      const byKey = new Map<string, PrecomputedAnswersTable>();
      for (const answer of answers)
        byKey.set(JSON.stringify([answer.key, answer.encoding]), toPrecomputedAnswerRow(answer));
      const rows = [...byKey.values()];
      if (rows.length === 0) return;
      if (rows.length <= BATCH) {
        await upsert(sharedTables(db), rows);
        return;
      }
      const inBatches = async (trx: Kysely<SharedDatabase>) => {
        for (let start = 0; start < rows.length; start += BATCH) await upsert(trx, rows.slice(start, start + BATCH));
      };
      if (db.isTransaction) await inBatches(sharedTables(db));
      else await sharedTables(db).transaction().execute(inBatches);
    },

    async size() {
      const { answers, bytes } = await sharedTables(db)
        .selectFrom('precomputed_answers')
        .select((eb) => [
          eb.fn.countAll<string | number>().as('answers'),
          eb.fn.coalesce(eb.fn.sum<string | number | null>(eb.fn('length', ['bytes'])), eb.lit(0)).as('bytes'),
        ])
        .executeTakeFirstOrThrow();
      return { answers: Number(answers), bytes: Number(bytes) };
    },
  };
}
