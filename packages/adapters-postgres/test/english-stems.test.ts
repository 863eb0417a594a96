import { expect } from 'chai';
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

  /** Words no other test asks for: the stems are remembered by the process. */
  const unique = (...words: string[]) => {
    const tag = Math.random().toString(36).slice(2, 8).replace(/[0-9]/g, 'x');
    return words.map((word) => `${word}${tag}ing`);
  };

  it("answers Snowball's stems, none for a stop word, and asks the server once for each word", async () => {
    const [first, second] = unique('walk', 'talk');
    const stems = await englishStems(database.db, ['running', 'the', first!, first!]);
    expect(queries).to.equal(1);
    expect(stems.get('running')).to.equal('run');
    expect(stems.has('the')).to.equal(false);
    expect(stems.get(first!)).to.equal(first!.slice(0, -3));

    expect(await englishStems(database.db, ['the', 'running', first!])).to.deep.equal(stems);
    expect(queries).to.equal(1);
    const more = await englishStems(database.db, ['running', second!]);
    expect(queries).to.equal(2);
    expect([...more]).to.deep.equal([
      ['running', 'run'],
      [second!, second!.slice(0, -3)],
    ]);
  });

  it('forgets every word once it knows too many, and answers the same', async () => {
    const [kept] = unique('jump');
    await englishStems(database.db, [kept!]);
    const many = Array.from({ length: MAX_KNOWN_STEMS }, (_, i) => `${kept}${String.fromCharCode(97 + (i % 26))}${i}`);
    expect((await englishStems(database.db, many)).size).to.be.greaterThan(0);
    queries = 0;
    expect([...(await englishStems(database.db, [kept!]))]).to.deep.equal([[kept!, kept!.slice(0, -3)]]);
    expect(queries).to.equal(1);
  });
});
