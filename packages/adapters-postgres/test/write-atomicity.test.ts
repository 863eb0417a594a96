import { sharedPostgres, writeAtomicityConformance } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { sql } from 'kysely';
import { openPostgresDatabase, postgresUnitOfWork, type PostgresDatabase } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

/** Every table a content write can touch, whole and in a stable order, for before/after comparisons. */
async function dump(database: PostgresDatabase) {
  const tables = ['quran_ayahs', 'quran_ayah_translations', 'hadiths', 'hadith_translations', 'mosques', 'audit_log'];
  const dumps = [];
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`select to_jsonb(t)::text as row from ${sql.table(table)} t`.execute(
      database.db,
    );
    dumps.push(rows.map(({ row }) => row).sort());
  }
  return dumps;
}

describe('PostgreSQL: a write and its audit entry commit together or not at all', () => {
  startsPostgres();
  const fresh = freshDatabase();
  writeAtomicityConformance(async () => {
    const database = await fresh();
    return { unitOfWork: postgresUnitOfWork(database.db), dump: () => dump(database) };
  });

  it('runs units of work of two pools (two server processes) on one database one after the other', async () => {
    const url = await (await sharedPostgres()).createDatabase();
    const [a, b] = [openPostgresDatabase(url), openPostgresDatabase(url)];
    try {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      const first = postgresUnitOfWork(a.db).run(async () => {
        order.push('first started');
        started();
        await held;
        order.push('first done');
      });
      // The second starts only once the first holds the lock (a fixed wait raced a slow first connection).
      await firstStarted;
      const second = postgresUnitOfWork(b.db).run(async () => void order.push('second ran'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      release();
      await Promise.all([first, second]);
      expect(order).to.deep.equal(['first started', 'first done', 'second ran']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
