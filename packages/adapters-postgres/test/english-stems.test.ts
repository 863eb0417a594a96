import { expect } from 'chai';
import { sql } from 'kysely';
import { openPostgresDatabase, type PostgresDatabase } from '../src/index.js';
import { englishStems, MAX_KNOWN_STEMS } from '../src/search/english-stems.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL: English stems of search words, remembered', () => {
  startsPostgres();
  const fresh = freshDatabase();
  let database: PostgresDatabase;
  let queries = 0;

  beforeEach(async () => {
    queries = 0;
    database = openPostgresDatabase((await fresh()).url, { onQuery: () => queries++ });
  });
  afterEach(() => database.close());

  /** Words no other test asks for (the process remembers stems): a word and a random tag. */
  const unique = (...words: string[]) => {
    const tag = Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x');
    return words.map((word) => `${word}${tag}ing`);
  };

  /** Snowball's stem of each word, asked of the server directly (not counted). */
  async function stemsOf(words: string[]): Promise<Map<string, string>> {
    const counted = queries;
    const { rows } = await sql<{ word: string; stem: string | null }>`
      select word, (ts_lexize('english_stem', word))[1] as stem from unnest(${words}::text[]) as word`.execute(
      database.db,
    );
    queries = counted;
    return new Map(rows.filter((row) => row.stem !== null).map((row) => [row.word, row.stem!]));
  }

  it("answers Snowball's stems, none for a stop word, and asks the server once for each word", async () => {
    const [first, second] = unique('walk', 'talk');
    const expected = await stemsOf(['running', 'the', first!, second!]);
    expect(expected.get('running')).to.equal('run');
    expect(expected.has('the')).to.equal(false);

    const stems = await englishStems(database.db, ['running', 'the', first!, first!]);
    expect(queries).to.equal(1);
    expect([...stems]).to.deep.equal([
      ['running', 'run'],
      [first!, expected.get(first!)],
    ]);
    expect(await englishStems(database.db, ['the', 'running', first!])).to.deep.equal(stems);
    expect(queries).to.equal(1);
    const more = await englishStems(database.db, ['running', second!]);
    expect(queries).to.equal(2);
    expect([...more]).to.deep.equal([
      ['running', 'run'],
      [second!, expected.get(second!)],
    ]);
  });

  it('forgets every word once it knows too many, and answers the same', async () => {
    const [kept] = unique('jump');
    const expected = await stemsOf([kept!]);
    await englishStems(database.db, [kept!]);
    const many = Array.from({ length: MAX_KNOWN_STEMS }, (_, i) => `${kept}${String.fromCharCode(97 + (i % 26))}${i}`);
    expect((await englishStems(database.db, many)).size).to.be.greaterThan(0);
    queries = 0;
    expect(await englishStems(database.db, [kept!])).to.deep.equal(expected);
    expect(queries).to.equal(1);
    expect(await englishStems(database.db, [kept!])).to.deep.equal(expected);
    expect(queries).to.equal(1);
  });

  it('remembers nothing of a call that asks for more words than it may keep, and answers them all', async () => {
    const [kept] = unique('sing');
    await englishStems(database.db, [kept!]);
    const tooMany = Array.from({ length: MAX_KNOWN_STEMS + 1 }, (_, i) => `${kept}q${i}`);
    const expected = await stemsOf(tooMany);
    expect(await englishStems(database.db, tooMany)).to.deep.equal(expected);
    queries = 0;
    await englishStems(database.db, [kept!, tooMany[0]!]);
    expect(queries, 'the word known before is still known; the one of the large call is asked for').to.equal(1);
    await englishStems(database.db, [kept!]);
    expect(queries).to.equal(1);
  });
});
