import { closedPort, HADITH_JSON_README_COUNTS, serveRawMirror, type RawMirror } from '@islamic-data/test-fixtures';
import { loadUpstreamManifest, cachedFilePath, type UpstreamManifest } from '@islamic-data/sources';
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { readDatabase } from './content-seed.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const HADITH_DATASETS = Object.keys(HADITH_JSON_README_COUNTS).map((slug) => `hadith-${slug}`);
const STUDY_DATASETS = ['quran-words', 'quran-metadata', 'quran-imlaei'];
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

interface Outcome {
  dataset: string;
  status: string;
  files: number;
  fetched: number;
}

interface IndexEntry {
  resource: string;
  collection: string | null;
  lang: string;
  name: string;
  attribution: string;
  license: string;
  source_url: string;
  path: string;
}

const count = (file: string, sql: string) => readDatabase(file, (db) => (db.prepare(sql).get() as { n: number }).n);
const auditEntries = (file: string) => count(file, 'select count(*) as n from audit_log');

describe('cli: import all from a raw mirror of shared/data (DATA_MIRROR)', function () {
  this.timeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-import-all-'));
  const env = (name: string, mirror: string) => ({
    DATABASE_PATH: path.join(dir, name, 'islamic-data.db'),
    DATA_MIRROR: mirror,
    LOG_LEVEL: 'warn',
  });
  let mirror: RawMirror;
  let manifest: UpstreamManifest;
  let main: ReturnType<typeof env>;

  before(async () => {
    manifest = await loadUpstreamManifest();
    mirror = await serveRawMirror();
    main = env('main', mirror.url);
  });
  after(async () => {
    await mirror?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    "imports the Quran, az.mammadaliyev, the words, surah facts and Imla'ei text and the nine collections with " +
      'their counts, showing progress',
    async () => {
      const result = await runCli(['import', 'all', '--json'], main);
      expect(result.code, result.stderr).to.equal(0);
      const outcomes = JSON.parse(result.stdout) as Outcome[];
      expect(outcomes.map(({ dataset, status }) => [dataset, status])).to.deep.equal(
        ['quran', 'quran-az', ...STUDY_DATASETS, ...HADITH_DATASETS].map((name) => [name, 'imported']),
      );
      for (const outcome of outcomes) expect(outcome.fetched, outcome.dataset).to.equal(outcome.files);
      expect(result.stderr).to.contain('[1/14] quran: imported').and.contain('[14/14] hadith-qudsi40: imported');
      expect(count(main.DATABASE_PATH, 'select count(*) as n from quran_words')).to.equal(77_429);
      expect(count(main.DATABASE_PATH, 'select count(*) as n from quran_surah_facts')).to.equal(114);
      expect(
        count(main.DATABASE_PATH, "select count(*) as n from quran_ayah_scripts where script = 'imlaei'"),
      ).to.equal(6236);
      for (const name of STUDY_DATASETS) {
        const files = manifest.datasets.find((dataset) => dataset.name === name)!.files;
        expect(files.length, name).to.be.above(0);
        for (const file of files)
          expect(
            mirror.requests.some((url) => url.endsWith(`/${file.path}`)),
            file.path,
          ).to.equal(true);
      }
      const stored = readDatabase(main.DATABASE_PATH, (db) =>
        db.prepare('select collection, count(*) as n from hadiths group by collection').all(),
      ) as { collection: string; n: number }[];
      expect(Object.fromEntries(stored.map((row) => [row.collection, row.n]))).to.deep.equal(
        Object.fromEntries(Object.entries(HADITH_JSON_README_COUNTS).map(([slug, counts]) => [slug, counts.records])),
      );
      expect(
        count(main.DATABASE_PATH, "select count(*) as n from quran_ayah_translations where locale = 'az'"),
      ).to.equal(6236);
      expect(
        existsSync(path.join(dir, 'main', 'upstream', 'hadith-json', 'db', 'by_chapter', 'the_9_books', 'bukhari')),
      ).to.equal(true);
    },
  );

  it('writes no row and no audit entry, and fetches nothing, on a second run', async () => {
    const before = sha256(main.DATABASE_PATH);
    const entries = auditEntries(main.DATABASE_PATH);
    mirror.requests.length = 0;
    const result = await runCli(['import', 'all', '--json'], main);
    expect(result.code, result.stderr).to.equal(0);
    expect((JSON.parse(result.stdout) as Outcome[]).map(({ status, fetched }) => [status, fetched])).to.deep.equal(
      Array(14).fill(['unchanged', 0]),
    );
    expect(mirror.requests).to.deep.equal([]);
    expect(auditEntries(main.DATABASE_PATH)).to.equal(entries);
    expect(sha256(main.DATABASE_PATH)).to.equal(before);
  });

  it('fetches again only a cached file whose bytes changed, and still writes nothing', async () => {
    const file = manifest.datasets.find((dataset) => dataset.name === 'hadith-malik')!.files[0]!;
    writeFileSync(cachedFilePath(path.join(dir, 'main', 'upstream'), file), '{"changed": true}');
    const before = sha256(main.DATABASE_PATH);
    mirror.requests.length = 0;
    const result = await runCli(['import', 'all', '--datasets', 'hadith-malik', '--json'], main);
    expect(result.code, result.stderr).to.equal(0);
    expect(mirror.requests).to.have.length(1);
    expect(mirror.requests[0]).to.match(new RegExp(`/AhmedBaset/hadith-json/[0-9a-f]{40}/${file.path}$`));
    expect(sha256(main.DATABASE_PATH)).to.equal(before);
  });

  it('refuses a file whose bytes differ from the manifest, naming it, and changes nothing', async () => {
    const file = manifest.datasets.find((dataset) => dataset.name === 'hadith-bukhari')!.files[3]!;
    const cached = cachedFilePath(path.join(dir, 'main', 'upstream'), file);
    rmSync(cached);
    const tampered = await serveRawMirror({
      replace: (name) => (name === `${file.folder}/${file.path}` ? Buffer.from('{"hadiths": []}') : undefined),
    });
    const before = sha256(main.DATABASE_PATH);
    const entries = auditEntries(main.DATABASE_PATH);
    try {
      const result = await runCli(['import', 'all'], { ...main, DATA_MIRROR: tampered.url });
      expect(result.code).to.equal(1);
      expect(result.stderr)
        .to.contain(`${file.folder}/${file.path} does not match the manifest`)
        .and.contain('could not import 1 of 14 datasets (hadith-bukhari)');
    } finally {
      await tampered.close();
    }
    expect(sha256(main.DATABASE_PATH)).to.equal(before);
    expect(auditEntries(main.DATABASE_PATH)).to.equal(entries);
    expect(existsSync(cached), 'the refused bytes are not cached').to.equal(false);
  });

  it('retries a transient failure within its bound (and imports the Quran a translation needs)', async () => {
    const flaky = await serveRawMirror({ failWith: (_path, requestNumber) => (requestNumber === 1 ? 503 : undefined) });
    const flakyEnv = env('flaky', flaky.url);
    try {
      const result = await runCli(['import', 'all', '--datasets', 'quran-az', '--json'], flakyEnv);
      expect(result.code, result.stderr).to.equal(0);
      expect((JSON.parse(result.stdout) as Outcome[]).map(({ dataset }) => dataset)).to.deep.equal([
        'quran',
        'quran-az',
      ]);
      expect(flaky.requests).to.have.length(2);
      expect(flaky.requests[0]).to.equal(flaky.requests[1]);
    } finally {
      await flaky.close();
    }
  });

  it('imports az.musayev under its own edition (az-musayev, "Musayev") beside the default az', async () => {
    const result = await runCli(['import', 'all', '--datasets', 'quran-az-musayev', '--json'], main);
    expect(result.code, result.stderr).to.equal(0);
    const editions = readDatabase(main.DATABASE_PATH, (db) =>
      db
        .prepare(
          "select lang, name, translator from editions where resource = 'quran' and lang like 'az%' order by lang",
        )
        .all(),
    );
    expect(editions).to.deep.equal([
      { lang: 'az', name: 'Məmmədəliyev & Bünyadov', translator: 'Vasim Mammadaliyev and Ziya Bunyadov' },
      { lang: 'az-musayev', name: 'Musayev', translator: 'Alikhan Musayev' },
    ]);
  });

  it('refuses an unknown dataset name and a DATA_MIRROR that is not an http(s) URL, naming them', async () => {
    const unknown = await runCli(['import', 'all', '--datasets', 'hadith-nope'], main);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain("'hadith-nope'").and.contain('not in the manifest');
    const badMirror = await runCli(['import', 'all'], { ...main, DATA_MIRROR: 'ftp://mirror' });
    expect(badMirror.code).to.equal(1);
    expect(badMirror.stderr).to.contain('DATA_MIRROR');
  });

  describe('/translations after import all (a server on the same database)', () => {
    let server: ServerProcess;
    let index: IndexEntry[];
    before(async () => {
      server = await startServerProcess({ DATABASE_PATH: main.DATABASE_PATH, LOG_LEVEL: 'info' });
      index = ((await (await fetch(`${server.url}/api/v1/translations`)).json()) as { data: IndexEntry[] }).data;
    });
    after(async () => {
      await server?.stop();
    });

    it('lists the nine collections and the Azerbaijani editions', () => {
      const hadith = index.filter((entry) => entry.resource === 'hadith');
      expect([...new Set(hadith.map((entry) => entry.collection))].sort()).to.deep.equal(
        Object.keys(HADITH_JSON_README_COUNTS).sort(),
      );
      expect(index.filter((entry) => entry.lang.startsWith('az')).map((entry) => entry.path)).to.deep.equal([
        '/api/v1/translations/quran/az',
        '/api/v1/translations/quran/az-musayev',
      ]);
    });

    it('credits sunnah.com, hadith-json and HadithsJSONFormat with their licence words, in every entry', async () => {
      const hadith = index.filter((entry) => entry.resource === 'hadith');
      expect(hadith.length).to.equal(18);
      for (const entry of hadith) {
        expect(entry.attribution, entry.path)
          .to.contain('sunnah.com')
          .and.contain('https://github.com/AhmedBaset/hadith-json')
          .and.contain('https://github.com/CheeseWithSauce/HadithsJSONFormat');
        expect(entry.license, entry.path)
          .to.contain('no LICENSE file')
          .and.contain('"ISC"')
          .and.contain('MIT, "Copyright (c) 2025 CheeseWithSauce"');
      }
      const english = hadith.find((entry) => entry.collection === 'muslim' && entry.lang === 'en')!;
      expect(english.license).to.contain(
        'belong to their original translators or publishers as published on sunnah.com',
      );
      const downloads = ((await (await fetch(`${server.url}${english.path}`)).json()) as { data: IndexEntry[] }).data;
      // One entry per hadith with an English text (Muslim has one without).
      const { records, emptyEnglish } = HADITH_JSON_README_COUNTS.muslim!;
      expect(downloads).to.have.length(records - emptyEnglish);
      for (const download of downloads) {
        expect([download.attribution, download.license, download.source_url]).to.deep.equal([
          english.attribution,
          english.license,
          english.source_url,
        ]);
      }
    });

    it("credits Tanzil and the Azerbaijani translators, with Tanzil's non-commercial terms", async () => {
      const expected = {
        az: 'Vasim Mammadaliyev and Ziya Bunyadov',
        'az-musayev': 'Alikhan Musayev',
      } as Record<string, string>;
      for (const entry of index.filter((candidate) => candidate.lang.startsWith('az'))) {
        expect(entry.attribution).to.contain(expected[entry.lang]).and.contain('Tanzil.net');
        expect(entry.license).to.contain(
          'The translations provided at this page are for non-commercial purposes only. If used otherwise, you need ' +
            'to obtain necessary permission from the translator or the publisher.',
        );
        const downloads = ((await (await fetch(`${server.url}${entry.path}/1`)).json()) as { data: IndexEntry[] }).data;
        expect(downloads).to.have.length(7);
        for (const download of downloads)
          expect([download.attribution, download.license]).to.deep.equal([entry.attribution, entry.license]);
      }
    });
  });
});

describe('cli: import all and npm run up without the network', function () {
  this.timeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-offline-'));
  let unreachable: string;
  before(async () => {
    unreachable = `http://127.0.0.1:${await closedPort()}`;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('exits non-zero naming every dataset it could not get, and imports what needs no download', async () => {
    const databasePath = path.join(dir, 'cli', 'islamic-data.db');
    const result = await runCli(['import', 'all'], {
      DATABASE_PATH: databasePath,
      DATA_MIRROR: unreachable,
      LOG_LEVEL: 'warn',
    });
    expect(result.code).to.equal(1);
    expect(result.stderr).to.contain(
      `could not import 13 of 14 datasets (quran-az, ${[...STUDY_DATASETS, ...HADITH_DATASETS].join(', ')})`,
    );
    expect(result.stderr).to.contain(`${unreachable} is unreachable`).and.contain('az.mammadaliyev.xml');
    expect(count(databasePath, 'select count(*) as n from quran_ayahs')).to.equal(6236);
    expect(count(databasePath, 'select count(*) as n from hadiths')).to.equal(0);
  });

  it('npm run up says what is missing and still starts and serves', async () => {
    const child = spawn('npm', ['run', 'up'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_PATH: path.join(dir, 'up', 'islamic-data.db'),
        DATA_MIRROR: unreachable,
        HOST: '127.0.0.1',
        PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm run up did not listen:\n${output}`)), 240_000);
        child.on('exit', (code) => reject(new Error(`npm run up exited with ${code}:\n${output}`)));
        const poll = setInterval(() => {
          const line = output.split('\n').find((candidate) => candidate.includes('"msg":"listening"'));
          if (!line) return;
          clearInterval(poll);
          clearTimeout(timer);
          resolve(JSON.parse(line).url);
        }, 100);
      });
      expect(output)
        .to.contain('could not import 13 of 14 datasets')
        .and.contain('the server starts with the data it has');
      expect((await fetch(`${url}/health`)).status).to.equal(200);
      const index = ((await (await fetch(`${url}/api/v1/translations`)).json()) as { data: IndexEntry[] }).data;
      expect(index.map((entry) => entry.lang)).to.include.members(['ar', 'en', 'ru', 'tr']);
    } finally {
      // The whole process group this test started: npm, its shell and the server.
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    }
  });
});
