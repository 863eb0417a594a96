import { migrateToLatest, openDatabase, sqliteUnitOfWork } from '@islamic-data/adapters-sqlite';
import { importHadithCollection, systemClock } from '@islamic-data/core';
import { aHadithSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, metricsUrlOf, runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { readDatabase } from './content-seed.js';

const COLLECTION = 'test-collection';
/**
 * The large reads. The surah, juz, page, book's first page and download are sent from their precomputed answers until
 * a change makes them stale; the others, and those once stale, are built and kept in files (64 KiB and more) or in
 * memory.
 */
const READS = {
  surah: '/api/v1/quran/surahs/2/ayahs?translations=en',
  juz: '/api/v1/quran/juz/1?translations=en',
  page: '/api/v1/quran/pages/2?translations=en',
  hadithPage: `/api/v1/hadith/collections/${COLLECTION}/hadiths?limit=100`,
  bookPage: `/api/v1/hadith/collections/${COLLECTION}/books/1/hadiths?limit=50`,
  download: '/api/v1/translations/quran/en',
} as const;
type Read = keyof typeof READS;
const QURAN_READS: Read[] = ['surah', 'juz', 'page', 'download'];
const HADITH_READS: Read[] = ['hadithPage', 'bookPage'];

/** A visibly synthetic hadith text, long enough that a page of 100 is a large answer. */
const hadithText = (label: string, number: number) => `Test ${label} hadith ${number} ${'synthetic '.repeat(100)}`;

/** Imports the synthetic collection through the real import use case, from this process into the file. */
async function importSyntheticHadiths(databasePath: string, label: string): Promise<void> {
  const database = openDatabase(databasePath);
  try {
    await migrateToLatest(database.db);
    const source = aHadithSource(200, {
      slug: COLLECTION,
      hadith: (number) => ({
        textAr: hadithText(`${label} ar`, number),
        translations: { en: hadithText(`${label} en`, number) },
      }),
    });
    await importHadithCollection({ unitOfWork: sqliteUnitOfWork(database.db), clock: systemClock }, source);
  } finally {
    await database.close();
  }
}

/** A Tanzil XML file giving every ayah of the imported Quran a visibly synthetic text. */
function syntheticTanzilFile(databasePath: string, file: string): void {
  const surahs = readDatabase(databasePath, (db) =>
    db.prepare('select id, ayah_count from quran_surahs order by id').all(),
  ) as { id: number; ayah_count: number }[];
  const suras = surahs.map(({ id, ayah_count }) => {
    const ayahs = Array.from({ length: ayah_count }, (_, i) => `<aya index="${i + 1}" text="Test en ${id}:${i + 1}"/>`);
    return `<sura index="${id}" name="">${ayahs.join('')}</sura>`;
  });
  writeFileSync(file, `<?xml version="1.0" encoding="utf-8" ?>\n<quran>${suras.join('\n')}</quran>\n`);
}

interface Seen {
  etag: string;
  digest: string;
}

/**
 * Precomputed answers (kept in memory or in files, compressed once) are invisible: after each way content
 * changes — a write through HTTP, a write by the CLI in another process, an import, a rollback — the next answer
 * of every large read it affects has a new body and a new ETag, in every coding, and the old tag gets no 304.
 */
describe('cli: precomputed large answers change with every write, import and rollback', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-precomputed-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000' };
  const serving = { ...env, METRICS_PORT: '0' };
  let server: ServerProcess;
  /** Writes with `writer`; reads with `reader`, who sees published content (a key that may write sees unpublished
   * ayahs: its answers are its own, never precomputed). */
  let writer: string;
  let reader: string;

  before(async () => {
    const imported = await runCli(['import', 'quran', '--json'], env);
    expect(imported.code, imported.stderr).to.equal(0);
    await importSyntheticHadiths(env.DATABASE_PATH, 'first');
    ({ key: writer } = await createKeyWithCli(env, {
      name: 'Test writer',
      scopes: 'quran,hadith',
      permissions: 'read,write',
    }));
    ({ key: reader } = await createKeyWithCli(env, {
      name: 'Test reader',
      scopes: 'quran,hadith',
      permissions: 'read',
    }));
    // The Quran's surahs, juz and pages are sent from the answers precomputed here, until a change makes them stale.
    const precomputed = await runCli(['precompute', '--json'], env);
    expect(precomputed.code, precomputed.stderr).to.equal(0);
    expect(JSON.parse(precomputed.stdout).computed).to.be.greaterThan(1000);
    server = await startServerProcess(serving);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const codings = ['br', 'gzip', 'identity'];

  async function read(name: Read, coding: string, ifNoneMatch?: string): Promise<Seen & { status: number }> {
    const headers: Record<string, string> = { 'X-API-Key': reader, 'Accept-Encoding': coding };
    if (ifNoneMatch) headers['If-None-Match'] = ifNoneMatch;
    const response = await fetch(`${server.url}${READS[name]}`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      etag: response.headers.get('etag') ?? '',
      digest: createHash('sha256').update(body).digest('hex'),
    };
  }

  /** Every read in every coding, twice (the second from the cache), both alike. */
  async function readAll(): Promise<Record<string, Seen>> {
    const seen: Record<string, Seen> = {};
    for (const name of Object.keys(READS) as Read[]) {
      for (const coding of codings) {
        const first = await read(name, coding);
        const again = await read(name, coding);
        expect(first.status, `${name} ${coding}`).to.equal(200);
        expect(again, `${name} ${coding} from the cache`).to.deep.equal(first);
        seen[`${name} ${coding}`] = { etag: first.etag, digest: first.digest };
      }
    }
    return seen;
  }

  async function expectChanged(before: Record<string, Seen>, affected: Read[]): Promise<Record<string, Seen>> {
    for (const name of affected) {
      for (const coding of codings) {
        const was = before[`${name} ${coding}`]!;
        const now = await read(name, coding, was.etag);
        expect(now.status, `${name} ${coding}: no 304 for the old tag`).to.equal(200);
        expect(now.etag, `${name} ${coding} ETag`).not.to.equal(was.etag);
        expect(now.digest, `${name} ${coding} body`).not.to.equal(was.digest);
      }
    }
    return readAll();
  }

  const put = (url: string, text: string) =>
    fetch(`${server.url}/api/v1${url}`, {
      method: 'PUT',
      headers: { 'X-API-Key': writer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text }),
    });

  it('sends the precomputed reads from their answers: the command and the server are one build', async () => {
    await readAll();
    const metrics = await (await fetch(await metricsUrlOf(server))).text();
    for (const route of ['/quran/surahs/{surah}/ayahs', '/quran/juz/{n}', '/quran/pages/{n}']) {
      const series = `islamic_data_cache_requests_total{route="/api/v1${route}",result="precomputed"}`;
      const line = metrics.split('\n').find((each) => each.startsWith(series));
      expect(Number(line?.split(' ').at(-1)), series).to.equal(1);
      expect(metrics, route).to.include(`{route="/api/v1${route}",result="hit"}`);
    }
    // A download is read from its precomputed answer until its third read, which the cache keeps in memory.
    const download = 'islamic_data_cache_requests_total{route="/api/v1/translations/quran/{lang}",result=';
    const downloadSeries = metrics.split('\n').filter((each) => each.startsWith(download));
    expect(downloadSeries.sort()).to.deep.equal([`${download}"hit"} 3`, `${download}"precomputed"} 3`]);
  });

  it('keeps the large answers in files of its own folder beside the database', async () => {
    await readAll();
    const folders = readdirSync(path.join(dir, 'representations'));
    expect(folders).to.have.length(1);
    expect(folders[0]).to.match(new RegExp(`^${server.child.pid}-`));
    // The page of 100 hadiths, not precomputed, is kept in a file.
    expect(readdirSync(path.join(dir, 'representations', folders[0]!)).length).to.be.at.least(1);
  });

  it('changes them after writes through HTTP, and again after the CLI rolls them back', async () => {
    const before = await readAll();
    expect((await put('/quran/surahs/2/ayahs/3/translations/en', 'Test HTTP write 2:3')).status).to.equal(200);
    expect(
      (await put(`/hadith/collections/${COLLECTION}/hadiths/5/translations/en`, 'Test HTTP write')).status,
    ).to.equal(200);
    // Downloads of translator-credited editions carry no text: an unpublished ayah leaves them.
    const unpublished = await fetch(`${server.url}/api/v1/quran/surahs/2/ayahs/4`, {
      method: 'PATCH',
      headers: { 'X-API-Key': writer, 'Content-Type': 'application/json' },
      body: JSON.stringify({ published: false }),
    });
    expect(unpublished.status).to.equal(200);
    const written = await expectChanged(before, [...QURAN_READS, ...HADITH_READS]);

    const listed = await runCli(['audit', 'list', '--json'], env);
    expect(listed.code, listed.stderr).to.equal(0);
    const entries = JSON.parse(listed.stdout) as { id: number; resource: string }[];
    for (const resource of ['quran/2/3/translations/en', 'quran/2/4', `hadith/${COLLECTION}/5/translations/en`]) {
      const entry = entries.find((each) => each.resource === resource);
      expect(entry, resource).not.to.equal(undefined);
      const rolledBack = await runCli(['audit', 'rollback', String(entry!.id), '--json'], env);
      expect(rolledBack.code, rolledBack.stderr).to.equal(0);
    }
    const rolledBack = await expectChanged(written, [...QURAN_READS, ...HADITH_READS]);
    for (const name of Object.keys(READS)) {
      expect(rolledBack[`${name} br`], `${name} as before the writes`).to.deep.equal(before[`${name} br`]);
    }
  });

  it('changes them after a translation written by the CLI in another process', async () => {
    const before = await readAll();
    const file = path.join(dir, 'en.xml');
    syntheticTanzilFile(env.DATABASE_PATH, file);
    const edition = [
      '--name',
      'Test en edition',
      '--translator',
      'Test translator',
      '--attribution',
      'Test attribution',
    ];
    edition.push('--license', 'Test licence', '--source-url', 'https://example.org/test-en');
    const written = await runCli(['import', 'quran-translation', '--lang', 'en', '--from', file, ...edition], env);
    expect(written.code, written.stderr).to.equal(0);
    await expectChanged(before, QURAN_READS);
  });

  it('changes them after imports: the Quran by the CLI, a hadith collection by another process', async () => {
    const before = await readAll();
    const imported = await runCli(['import', 'quran', '--json'], env);
    expect(imported.code, imported.stderr).to.equal(0);
    await importSyntheticHadiths(env.DATABASE_PATH, 'second');
    await expectChanged(before, [...QURAN_READS, ...HADITH_READS]);
  });
});
