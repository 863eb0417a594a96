import { AYAH_COLUMNS, HADITH_COLUMNS } from '@islamic-data/adapters-kysely';
import { expect } from 'chai';
import { sql } from 'kysely';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL: the columns an ayah and a hadith are read from', () => {
  startsPostgres();
  const fresh = freshDatabase();

  for (const [table, named] of [
    ['quran_ayahs', AYAH_COLUMNS],
    ['hadiths', HADITH_COLUMNS],
  ] as const) {
    it(`names every column of ${table} the migrations made, except its search vector`, async () => {
      const { db } = await fresh();
      const { rows } = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = ${table}`.execute(db);
      const columns = rows.map((row) => row.column_name);
      expect(columns).to.include('search_vector');
      expect(columns.filter((column) => column !== 'search_vector')).to.have.members([...named]);
    });
  }
});
