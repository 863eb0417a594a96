import { expect } from 'chai';
import { sql, type Kysely } from 'kysely';
import { openPostgresDatabase, type Database, type PostgresDatabase } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

/** The statements this session has prepared (PostgreSQL's own view of them), by text. */
async function prepared(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.statement);
}

describe('PostgreSQL: reads sent as named statements', () => {
  startsPostgres();
  const fresh = freshDatabase();
  let database: PostgresDatabase;
  let db: Kysely<Database>;

  beforeEach(async () => {
    // One connection: every statement below is on the session whose prepared statements are read.
    database = openPostgresDatabase((await fresh()).url, { maxConnections: 1 });
    db = database.db;
  });
  afterEach(() => database.close());

  it('prepares a read outside a transaction once per connection and answers it as before', async () => {
    const query = db.selectFrom('editions').select('lang').where('resource', '=', 'quran');
    expect(await query.execute()).to.deep.equal(await query.execute());
    const text = query.compile().sql;
    expect((await prepared(db)).filter((statement) => statement === text)).to.have.length(1);
  });

  it('leaves the statements of a transaction unnamed', async () => {
    const inside = sql`select 'inside a transaction' as place`;
    await db.transaction().execute((trx) => inside.execute(trx));
    expect(await prepared(db)).to.not.include(inside.compile(db).sql);
  });

  it('reads a table a migration has changed since its read was prepared', async () => {
    await sql`create table changing (a integer)`.execute(db);
    await sql`insert into changing values (1)`.execute(db);
    const read = async () => (await sql`select * from changing`.execute(db)).rows;
    expect(await read()).to.deep.equal([{ a: 1 }]);
    await sql`alter table changing add column b integer default 2`.execute(db);
    expect(await read()).to.deep.equal([{ a: 1, b: 2 }]);
    expect(await read()).to.deep.equal([{ a: 1, b: 2 }]);
  });
});
