import {
  HADITH_JSON_DIR,
  HADITH_JSON_README_COUNTS,
  serveDirectory,
  type StaticServer,
} from '@islamic-data/test-fixtures';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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
      hadiths: rows('select * from hadiths order by collection, number'),
      translations: rows(
        'select collection, number, locale, text from hadith_translations order by collection, number, locale',
      ),
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
    server = await serveDirectory(HADITH_JSON_DIR);
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'imports the nine collections from the hadith-json root with the README counts, ' +
      'without a progress bar off a terminal',
    async () => {
      const result = await runCli(['import', 'hadith', '--from', HADITH_JSON_DIR, '--json'], fromDir);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stderr).not.to.contain('hadiths written');
      const summaries = JSON.parse(result.stdout) as Summary[];
      expect(summaries.map((summary) => [summary.collection, summary.added])).to.deep.equal(README_RECORDS);
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
    const result = await runCli(['import', 'hadith', '--from', HADITH_JSON_DIR, '--json'], fromDir);
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
      "update hadiths set narrator = 'Test edited narrator', grade = 'Test grade' " +
        "where collection = 'nawawi40' and number = 1",
    ).run();
    db.prepare(
      "update hadith_translations set text = 'Test edited translation' " +
        "where collection = 'nawawi40' and number = 1 and locale = 'en'",
    ).run();
    db.close();
    const result = await runCli(
      ['import', 'hadith', '--from', HADITH_JSON_DIR, '--collections', 'nawawi40', '--json'],
      fromDir,
    );
    expect(result.code, result.stderr).to.equal(0);
    expect(JSON.parse(result.stdout)).to.deep.equal([
      {
        collection: 'nawawi40',
        hadiths: 42,
        added: 0,
        updated: 0,
        unchanged: 42,
        removed: 0,
        books: 1,
        changed: false,
        auditEntryId: null,
      },
    ]);
    const [row] = query<{ narrator: string; grade: string; text: string }>(
      fromDir.DATABASE_PATH,
      'select narrator, grade, text ' +
        'from hadiths h join hadith_translations t using (collection, number) ' +
        "where collection = 'nawawi40' and number = 1 and locale = 'en'",
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
    expect((await runCli(['import', 'hadith', '--from', HADITH_JSON_DIR], fresh)).code).to.equal(0);
    expect(content(fromUrl.DATABASE_PATH)).to.deep.equal(content(fresh.DATABASE_PATH));
    expect(server.requests).to.include('/db/by_chapter/the_9_books/nasai/35b.json');
    expect(server.requests).to.include('/db/by_chapter/the_9_books/muslim/introduction.json');
  });

  it(
    'falls back to the whole-book file over HTTP when a ' +
      'collection has no chapter files, and reads a whole-book URL',
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
