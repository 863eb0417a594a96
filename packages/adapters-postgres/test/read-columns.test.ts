import { AYAH_COLUMNS, HADITH_COLUMNS, MOSQUE_COLUMNS } from '@islamic-data/adapters-kysely';
import { expect } from 'chai';
import { sql } from 'kysely';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL: the columns an ayah, a hadith and a mosque are read from', () => {
  startsPostgres();
  const fresh = freshDatabase();

  for (const [table, named, searchColumn] of [
    ['quran_ayahs', AYAH_COLUMNS, 'search_vector'],
    ['hadiths', HADITH_COLUMNS, 'search_vector'],
    ['mosques', MOSQUE_COLUMNS, 'search_lexemes'],
  ] as const) {
    it(`names every column of ${table} the migrations made, except its ${searchColumn}`, async () => {
      const { db } = await fresh();
      const { rows } = await sql<{ column_name: string }>`
        select column_name from information_schema.columns where table_name = ${table}`.execute(db);
      const columns = rows.map((row) => row.column_name);
      expect(columns).to.include(searchColumn);
      expect(columns.filter((column) => column !== searchColumn)).to.have.members([...named]);
    });
  }
});
