import {
  HADITH_JSON_DIR,
  HADITH_JSON_README_COUNTS,
  SHARED_DATA_DIR,
  serveDirectory,
  type StaticServer,
} from '@islamic-data/test-fixtures';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HadithImportSummary as Summary } from '@islamic-data/core';
import { runCli } from './cli-process.js';
import { readDatabase } from './content-seed.js';

const README_RECORDS = Object.entries(HADITH_JSON_README_COUNTS).map(([slug, counts]) => [slug, counts.records]);

/** The stored content, without the times an import stamps (translation updatedAt, audit entries). */
function content(file: string) {
  return readDatabase(file, (db) => {
    const rows = (sql: string) => db.prepare(sql).all();
    return {
      collections: rows('select * from hadith_collections order by slug'),
      books: rows('select * from hadith_books order by collection, number'),
      hadiths: rows('select * from hadiths order by collection, sequence'),
      translations: rows(
        'select collection, sequence, locale, text from hadith_translations order by collection, sequence, locale',
      ),
      numberKeys: rows('select * from hadith_number_keys order by collection, key'),
      editions: rows("select * from editions where resource = 'hadith' order by collection, lang"),
    };
  });
}

function query<T>(file: string, sql: string): T[] {
  return readDatabase(file, (db) => db.prepare(sql).all() as T[]);
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('cli: import hadith (real processes over shared/data)', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-hadith-cli-'));
  const envFor = (name: string) => ({ DATABASE_PATH: path.join(dir, `${name}.db`), LOG_LEVEL: 'warn' });
  const fromDir = envFor('from-dir');
  let server: StaticServer;

  before(async () => {
    // shared/data's layout: hadith-json/db/… and hadith-refs/Sunnah/… under one base.
    server = await serveDirectory(SHARED_DATA_DIR);
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'imports the nine collections with their standard numbers and grades from the shared/data base, ' +
      'without a progress bar off a terminal',
    async () => {
      const result = await runCli(['import', 'hadith', '--from', SHARED_DATA_DIR, '--json'], fromDir);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stderr).not.to.contain('hadiths written');
      expect(result.stderr).not.to.contain('No hadith-refs');
      const summaries = JSON.parse(result.stdout) as Summary[];
      expect(summaries.map((summary) => [summary.collection, summary.added])).to.deep.equal(README_RECORDS);
      expect(summaries.map((summary) => [summary.collection, summary.numbering, summary.graded])).to.deep.equal([
        ['bukhari', 'sunnah.com', 0],
        ['muslim', 'sunnah.com', 0],
        ['abudawud', 'sunnah.com', 4845],
        ['tirmidhi', 'sunnah.com', 3807],
        ['nasai', 'sunnah.com', 5397],
        ['ibnmajah', 'sunnah.com', 3626],
        ['malik', 'sequence', 0],
        ['nawawi40', 'sunnah.com', 0],
        ['qudsi40', 'sunnah.com', 0],
      ]);
      const [eightA] = query<{ number: string; citation: string }>(
        fromDir.DATABASE_PATH,
        'select h.number, h.citation from hadith_number_keys k join hadiths h using (collection, sequence) ' +
          "where k.collection = 'muslim' and k.key = '8'",
      );
      expect(eightA).to.deep.equal({ number: '8a', citation: 'Sahih Muslim 8a' });
      const stored = query<{ collection: string; n: number }>(
        fromDir.DATABASE_PATH,
        'select collection, count(*) as n from hadiths group by collection',
      );
      expect(Object.fromEntries(stored.map((row) => [row.collection, row.n]))).to.deep.equal(
        Object.fromEntries(README_RECORDS),
      );
      const imports = query<{ resource: string; key_name: string }>(
        fromDir.DATABASE_PATH,
        "select resource, key_name from audit_log where action = 'import' order by id",
      );
      expect(imports).to.deep.equal(
        README_RECORDS.map(([slug]) => ({ resource: `hadith/${slug}`, key_name: 'operator' })),
      );
    },
  );

  it('leaves the database file byte-identical when the same data is imported again', async () => {
    const before = sha256(fromDir.DATABASE_PATH);
    const result = await runCli(['import', 'hadith', '--from', SHARED_DATA_DIR, '--json'], fromDir);
    expect(result.code, result.stderr).to.equal(0);
    const summaries = JSON.parse(result.stdout) as Summary[];
    expect(summaries.map((summary) => [summary.collection, summary.unchanged, summary.changed])).to.deep.equal(
      README_RECORDS.map(([slug, records]) => [slug, records, false]),
    );
    expect(existsSync(`${fromDir.DATABASE_PATH}-wal`)).to.equal(false);
    expect(sha256(fromDir.DATABASE_PATH)).to.equal(before);
  });

  it('keeps edits of hadiths whose source record is unchanged', async () => {
    const db = new BetterSqlite3(fromDir.DATABASE_PATH);
    db.prepare(
      "update hadiths set narrator = 'Test edited narrator', grade = 'Test grade' where collection = " +
        "'nawawi40' and sequence = 1",
    ).run();
    db.prepare(
      "update hadith_translations set text = 'Test edited translation' where collection = 'nawawi40' and " +
        "sequence = 1 and locale = 'en'",
    ).run();
    db.close();
    const result = await runCli(
      ['import', 'hadith', '--from', SHARED_DATA_DIR, '--collections', 'nawawi40', '--json'],
      fromDir,
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout)).to.have.length(1);
    expect(JSON.parse(result.stdout)[0]).to.deep.include({
      collection: 'nawawi40',
      hadiths: 42,
      added: 0,
      updated: 0,
      unchanged: 42,
      removed: 0,
      books: 1,
      changed: false,
      auditEntryId: null,
    });
    const [row] = query<{ narrator: string; grade: string; text: string }>(
      fromDir.DATABASE_PATH,
      'select narrator, grade, text from hadiths h join hadith_translations t using (collection, ' +
        "sequence) where collection = 'nawawi40' and sequence = 1 and locale = 'en'",
    );
    expect(row).to.deep.equal({
      narrator: 'Test edited narrator',
      grade: 'Test grade',
      text: 'Test edited translation',
    });
  });

  it('imports the same content from a URL (a local HTTP server serving the shared files)', async () => {
    const fromUrl = envFor('from-url');
    const result = await runCli(['import', 'hadith', '--from', `${server.url}/`, '--json'], fromUrl);
    expect(result.code, result.stderr).to.equal(0);
    expect(
      (JSON.parse(result.stdout) as Summary[]).map((summary) => [summary.collection, summary.added]),
    ).to.deep.equal(README_RECORDS);
    const fresh = envFor('from-dir-fresh');
    expect((await runCli(['import', 'hadith', '--from', SHARED_DATA_DIR], fresh)).code).to.equal(0);
    expect(content(fromUrl.DATABASE_PATH)).to.deep.equal(content(fresh.DATABASE_PATH));
    expect(server.requests).to.include('/hadith-json/db/by_chapter/the_9_books/nasai/35b.json');
    expect(server.requests).to.include('/hadith-json/db/by_chapter/the_9_books/muslim/introduction.json');
    expect(server.requests).to.include('/hadith-refs/Sunnah/nasai/35b_the_book_of_agriculture.json');
    expect(server.requests).to.include('/hadith-refs/Sunnah/forty/forty_hadith_qudsi.json');
  });

  it('numbers by position, with a warning, when only hadith-json is given; --refs names the refs', async () => {
    const env = envFor('json-only');
    const alone = await runCli(
      ['import', 'hadith', '--from', HADITH_JSON_DIR, '--collections', 'qudsi40', '--json'],
      env,
    );
    expect(alone.code, alone.stderr).to.equal(0);
    expect(alone.stderr).to.contain('No hadith-refs');
    expect(JSON.parse(alone.stdout)[0]).to.deep.include({ numbering: 'sequence', report: null });
    const joined = await runCli(
      [
        'import',
        'hadith',
        '--from',
        HADITH_JSON_DIR,
        '--refs',
        `${server.url}/hadith-refs`,
        '--collections',
        'qudsi40',
        '--json',
      ],
      env,
    );
    expect(joined.code, joined.stderr).to.equal(0);
    // The numbers and citations changed: every hadith is rewritten once.
    expect(JSON.parse(joined.stdout)[0]).to.deep.include({ numbering: 'sunnah.com', updated: 40, changed: true });
  });

  it('refuses refs that do not align with the texts, naming both counts and changing nothing', async () => {
    const env = envFor('misaligned');
    const refs = path.join(dir, 'misaligned-refs');
    mkdirSync(path.join(refs, 'Sunnah', 'forty'), { recursive: true });
    const qudsi = JSON.parse(
      readFileSync(path.join(SHARED_DATA_DIR, 'hadith-refs/Sunnah/forty/forty_hadith_qudsi.json'), 'utf8').replace(
        /^\uFEFF/,
        '',
      ),
    ) as { arabic: string }[];
    writeFileSync(path.join(refs, 'Sunnah/forty/forty_hadith_qudsi.json'), JSON.stringify(qudsi.slice(1)));
    const result = await runCli(
      ['import', 'hadith', '--from', HADITH_JSON_DIR, '--refs', refs, '--collections', 'qudsi40'],
      env,
    );
    expect(result.code).to.equal(1);
    expect(result.stderr).to.contain('39 records').and.to.contain('40');
    expect(query(env.DATABASE_PATH, 'select * from hadiths')).to.deep.equal([]);
    // Each record with the next one's Arabic, as if the two sources were shifted by one: the Arabic disagrees.
    const shifted = qudsi.map((record, i) => ({ ...record, arabic: qudsi[(i + 1) % qudsi.length]!.arabic }));
    writeFileSync(path.join(refs, 'Sunnah/forty/forty_hadith_qudsi.json'), JSON.stringify(shifted));
    const shuffled = await runCli(
      ['import', 'hadith', '--from', HADITH_JSON_DIR, '--refs', refs, '--collections', 'qudsi40'],
      env,
    );
    expect(shuffled.code).to.equal(1);
    expect(shuffled.stderr).to.contain('not aligned');
    expect(query(env.DATABASE_PATH, 'select * from hadiths')).to.deep.equal([]);
  });

  it(
    'falls back to the whole-book file over HTTP when a collection has no chapter files, and reads a ' +
      'whole-book URL',
    async () => {
      const hiding = await serveDirectory(HADITH_JSON_DIR, {
        hide: (urlPath) => urlPath.startsWith('/db/by_chapter/forties/'),
      });
      try {
        const env = envFor('by-book-url');
        const result = await runCli(
          ['import', 'hadith', '--from', `${hiding.url}/db`, '--collections', 'qudsi40,nawawi40', '--json'],
          env,
        );
        expect(result.code, result.stderr).to.equal(0);
        expect(
          (JSON.parse(result.stdout) as Summary[]).map((summary) => [summary.collection, summary.added]),
        ).to.deep.equal([
          ['nawawi40', 42],
          ['qudsi40', 40],
        ]);
        expect(hiding.requests).to.include('/db/by_book/forties/qudsi40.json');
        const single = await runCli(
          ['import', 'hadith', '--from', `${hiding.url}/db/by_book/the_9_books/malik.json`, '--json'],
          env,
        );
        expect(single.code, single.stderr).to.equal(0);
        expect(JSON.parse(single.stdout)).to.have.length(1).and.to.have.nested.property('[0].added', 1985);
      } finally {
        await hiding.close();
      }
    },
  );

  it('fails with a message naming the URL when the server fails, storing nothing of that collection', async () => {
    const failing = await serveDirectory(HADITH_JSON_DIR, {
      failWith: (urlPath) => (urlPath.endsWith('/nasai/3.json') ? 500 : undefined),
    });
    try {
      const env = envFor('failing-url');
      const result = await runCli(['import', 'hadith', '--from', failing.url, '--collections', 'nasai'], env);
      expect(result.stderr).to.contain('No hadith-refs');
      expect(result.code).to.equal(1);
      expect(result.stderr).to.contain(`${failing.url}/db/by_chapter/the_9_books/nasai/3.json`).and.to.contain('500');
      expect(query(env.DATABASE_PATH, 'select * from hadiths')).to.deep.equal([]);
    } finally {
      await failing.close();
    }
  });

  for (const [name, args, message] of [
    ['a path that does not exist', ['--from', path.join(dir, 'missing')], 'does not exist'],
    [
      'a single chapter file',
      ['--from', path.join(HADITH_JSON_DIR, 'db/by_chapter/the_9_books/bukhari/1.json')],
      'one chapter of a collection',
    ],
    [
      'an unknown collection',
      ['--from', HADITH_JSON_DIR, '--collections', 'test-unknown'],
      "'test-unknown' is not a collection",
    ],
    ['a URL without collections', ['--from', 'URL/test-nothing-here'], 'no hadith-json collection'],
    ['no --from', [], '--from'],
  ] as const) {
    it(`exits 1 with a message on stderr for ${name}`, async () => {
      const env = envFor('errors');
      const result = await runCli(['import', 'hadith', ...args.map((arg) => arg.replace('URL', server.url))], env);
      expect(result.code).to.equal(1);
      expect(result.stdout).to.equal('');
      expect(result.stderr).to.contain(message);
    });
  }
});
