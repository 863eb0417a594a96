import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { SEEDED_COLLECTION, callApi, seedSyntheticContent } from './content-seed.js';

const ONE_LETTER_PREFIXES = Array.from({ length: 16 }, (_, i) => `${String.fromCharCode(97 + i)}*`).join(' ');

/** Issue 26, points 4 and 5, against a real server process over a real SQLite file. */
describe('cli: search bounds and the locale settings of a real server', function () {
  this.timeout(90_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-limits-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    ACCEPTED_LOCALES: 'en,de',
    NEW_LOCALES_PER_KEY_PER_DAY: '1',
  };
  let server: ServerProcess;
  let reader = '';
  let writer = '';
  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH, { hadiths: 5 });
    reader = (await createKeyWithCli(env, { name: 'Test reader', scopes: 'quran,hadith', permissions: 'read' })).key;
    writer = (await createKeyWithCli(env, { name: 'Test writer', scopes: 'quran', permissions: 'read,write' })).key;
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const search = (resource: string, q: string, extra = '&limit=50') =>
    callApi(server.url, reader, 'GET', `/${resource}/search?q=${encodeURIComponent(q)}${extra}`);

  it('refuses 16 one-letter prefixes with limit=50 with 400 naming q, on the Quran and the Hadith', async () => {
    for (const resource of ['quran', 'hadith']) {
      const refused = await search(resource, ONE_LETTER_PREFIXES);
      expect(refused.status, resource).to.equal(400);
      expect(refused.body).to.have.nested.property('error.code', 'VALIDATION_ERROR');
      expect((refused.body as { error: { message: string } }).error.message).to.match(/'q'.*at least 2 letters/);
    }
    const five = await search('quran', 'te* te* te* te* te*');
    expect(five.status).to.equal(400);
    expect((five.body as { error: { message: string } }).error.message).to.include('at most 4 prefixes');
  });

  it('answers 4 two-letter prefixes and whole one-letter words', async () => {
    const quran = await search('quran', 'te* te* te* te*');
    expect(quran.status, JSON.stringify(quran.body)).to.equal(200);
    expect((quran.body as { data: { items: unknown[] } }).data.items).to.have.length(34); // 17 ayahs, Arabic and en
    const hadith = await search('hadith', 'te*', `&collection=${SEEDED_COLLECTION}&limit=50`);
    expect(hadith.status, JSON.stringify(hadith.body)).to.equal(200);
    expect(await search('quran', 'a b c d e f g h i j k l m n o p')).to.have.property('status', 200);
  });

  it('ACCEPTED_LOCALES refuses other locales (403), NEW_LOCALES_PER_KEY_PER_DAY caps new ones (429)', async () => {
    const put = (ayah: number, locale: string) =>
      callApi(server.url, writer, 'PUT', `/quran/surahs/1/ayahs/${ayah}/translations/${locale}`, {
        text: `Test ${locale} 1:${ayah}`,
      });
    expect((await put(1, 'fr')).status).to.equal(403);
    expect((await put(1, 'de')).status).to.equal(201);
    expect((await put(2, 'de')).status).to.equal(201);
    const capped = await put(1, 'de-at');
    expect(capped.status).to.equal(429);
    expect(capped.body).to.have.nested.property('error.code', 'RATE_LIMITED');
    expect((await put(1, 'en')).status).to.equal(200); // the imported translation: a replacement
  });

  it('refuses to start with an ACCEPTED_LOCALES that is not a list of language codes', async () => {
    const bad = await runCli(['keys', 'list'], { ...env, ACCEPTED_LOCALES: 'en,Klingon' });
    expect(bad.code).to.not.equal(0);
    expect(bad.stderr).to.include('ACCEPTED_LOCALES').and.include('Klingon');
    const arabic = await runCli(['keys', 'list'], { ...env, ACCEPTED_LOCALES: 'ar' });
    expect(arabic.code).to.not.equal(0);
  });
});
