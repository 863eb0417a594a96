import { importQuran, importTanzilTranslation, type QuranDownloadEntry, type QuranSource } from '@islamic-data/core';
import { QURAN_JSON_EDITIONS, readTanzilTranslation } from '@islamic-data/sources';
import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import path from 'node:path';
import request from 'supertest';
import { quranJsonSource, startTestApp, type TestApp } from './test-app.js';

const AZ_FILE = path.join(SHARED_DATA_DIR, 'quran-az/az.mammadaliyev.xml');

describe('http: open Quran translation downloads', () => {
  let t: TestApp;
  let source: QuranSource;
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    source = await quranJsonSource();
    await importQuran(t.deps, source);
    await importTanzilTranslation(t.deps, { lang: 'az', translation: await readTanzilTranslation(AZ_FILE) });
  });
  after(async () => t.close());

  const open = (path: string) => request(t.app).get(`/api/v1${path}`);

  it('GET /translations lists every Quran edition with its licence, no key needed', async () => {
    const response = await open('/translations');
    expect(response.status).to.equal(200);
    const quran = (response.body.data as Record<string, unknown>[]).filter((entry) => entry.resource === 'quran');
    expect(quran.map((entry) => entry.lang)).to.deep.equal(['ar', 'az', 'en', 'ru', 'tr']);
    for (const entry of quran) {
      expect(entry).to.include({
        collection: null,
        path: `/api/v1/translations/quran/${entry.lang}`,
        publicDomain: entry.lang === 'ar',
      });
      for (const field of ['name', 'attribution', 'license', 'source_url'])
        expect(entry[field], `${entry.lang} ${field}`).to.be.a('string').and.not.equal('');
    }
    expect(quran.find((entry) => entry.lang === 'en')).to.include({
      attribution: QURAN_JSON_EDITIONS.en.attribution,
      source_url: 'https://tanzil.net/trans/en.sahih',
    });
    expect(quran.find((entry) => entry.lang === 'az')!.license).to.match(/non-commercial/);
  });

  it('gives the whole Arabic text: 6236 entries with text, attribution, licence and source', async () => {
    const response = await open('/translations/quran/ar');
    expect(response.status).to.equal(200);
    const entries = response.body.data as QuranDownloadEntry[];
    expect(entries).to.have.length(6236);
    expect(entries.map((entry) => entry.text)).to.deep.equal(source.arabic.texts.map((text) => text.text));
    expect(entries[0]).to.have.all.keys(
      'surah',
      'ayah',
      'juz',
      'page',
      'hizbQuarter',
      'ruku',
      'manzil',
      'sajda',
      'attribution',
      'license',
      'source_url',
      'text',
    );
    expect(
      entries.every(
        (entry) =>
          entry.attribution === QURAN_JSON_EDITIONS.ar.attribution &&
          entry.source_url === QURAN_JSON_EDITIONS.ar.sourceUrl,
      ),
    ).to.equal(true);
    expect(entries.at(-1)).to.include({ surah: 114, ayah: 6 });
  });

  for (const lang of ['en', 'ru', 'tr', 'az']) {
    it(
      `gives ${lang} under translator copyright as 6236 ` + `entries with text null and the edition's licence`,
      async () => {
        const entries = (await open(`/translations/quran/${lang}`)).body.data as QuranDownloadEntry[];
        expect(entries).to.have.length(6236);
        const edition = (await t.deps.stores.editions.get('quran', null, lang))!;
        for (const entry of entries) {
          expect(entry.text).to.equal(null);
          expect(entry).to.include({
            attribution: edition.attribution,
            license: edition.license,
            source_url: edition.sourceUrl,
          });
        }
      },
    );
  }

  it('gives one surah: /translations/quran/ar/2 has 286 entries', async () => {
    const entries = (await open('/translations/quran/ar/2')).body.data as QuranDownloadEntry[];
    expect(entries.map((entry) => entry.ayah)).to.deep.equal(Array.from({ length: 286 }, (_, i) => i + 1));
    expect(entries.every((entry) => entry.surah === 2 && typeof entry.text === 'string')).to.equal(true);
  });

  it(
    'answers 404 for a language without an edition or an unknown surah, ' + '400 for a malformed code or surah',
    async () => {
      for (const path of [
        '/translations/quran/de',
        '/translations/quran/ar/115',
        '/translations/quran/ar/0',
        '/translations/quran/de/1',
      ]) {
        const response = await open(path);
        expect(response.status, path).to.equal(404);
        expect(response.body.error.code).to.equal('NOT_FOUND');
      }
      for (const path of ['/translations/quran/EN', '/translations/quran/ar/two']) {
        const response = await open(path);
        expect(response.status, path).to.equal(400);
        expect(response.body.error.code).to.equal('VALIDATION_ERROR');
      }
    },
  );

  it('is open to every origin, cached publicly for an hour, with an ETag that answers 304', async () => {
    const response = await open('/translations/quran/en/1').set('Origin', 'https://example.org');
    expect(response.status).to.equal(200);
    expect(response.headers['access-control-allow-origin']).to.equal('*');
    expect(response.headers['cache-control']).to.equal('public, max-age=3600');
    const again = await open('/translations/quran/en/1').set('If-None-Match', response.headers.etag!);
    expect(again.status).to.equal(304);
    const index = await open('/translations');
    expect(index.headers['cache-control']).to.equal('public, max-age=3600');
  });
});
