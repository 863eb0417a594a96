import { importQuran } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { expectErrorEnvelope, quranJsonSource, startTestApp, type TestApp } from './test-app.js';

interface NavigatedAyah {
  key: string;
  juz: number;
  page: number;
  hizbQuarter: number;
  ruku: number;
  manzil: number;
  sajda: boolean;
  translations: Record<string, string>;
}

const DIVISIONS = [
  { segment: 'juz', field: 'juz', count: 30 },
  { segment: 'pages', field: 'page', count: 604 },
  { segment: 'hizb-quarters', field: 'hizbQuarter', count: 240 },
  { segment: 'rukus', field: 'ruku', count: 556 },
  { segment: 'manzils', field: 'manzil', count: 7 },
] as const;

describe('http: Quran navigation by juz, page, hizb quarter, ruku, manzil and sajda (quran-json)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let reader: string;
  let everyKey: string[];
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    const source = await quranJsonSource();
    await importQuran(t.deps, source);
    reader = (await t.issueKey({ scopes: ['quran'], permissions: ['read'] })).key;
    everyKey = source.arabic.texts.map((text) => `${text.surah}:${text.ayah}`);
  });
  after(async () => t.close());

  const get = (path: string) => request(t.app).get(`/api/v1${path}`).set('X-API-Key', reader);

  for (const { segment, field, count } of DIVISIONS) {
    it(`${count} ${segment} cover the 6,236 ayahs in order, no gap or overlap, each naming its ${field}`, async () => {
      const keys: string[] = [];
      for (let n = 1; n <= count; n++) {
        const response = await get(`/quran/${segment}/${n}?translations=en`);
        expect(response.status, `${segment}/${n}`).to.equal(200);
        const ayahs = response.body.data as NavigatedAyah[];
        expect(ayahs.length, `${segment}/${n}`).to.be.greaterThan(0);
        expect(ayahs.every((ayah) => ayah[field] === n && Object.keys(ayah.translations).join() === 'en')).to.equal(
          true,
        );
        keys.push(...ayahs.map((ayah) => ayah.key));
      }
      expect(keys).to.deep.equal(everyKey);
      expectErrorEnvelope(await get(`/quran/${segment}/${count + 1}`), 404, 'NOT_FOUND');
      expectErrorEnvelope(await get(`/quran/${segment}/0`), 404, 'NOT_FOUND');
      expectErrorEnvelope(await get(`/quran/${segment}/x`), 400, 'VALIDATION_ERROR');
    });
  }

  it('lists the 15 sajda ayahs in order, each marked sajda, and no other ayah is', async () => {
    const response = await get('/quran/sajdas?translations=en');
    expect(response.status).to.equal(200);
    const sajdas = response.body.data as NavigatedAyah[];
    expect(sajdas).to.have.length(15);
    expect(sajdas.every((ayah) => ayah.sajda)).to.equal(true);
    const marked: string[] = [];
    for (let surah = 1; surah <= 114; surah++) {
      const ayahs = (await get(`/quran/surahs/${surah}/ayahs?translations=en`)).body.data as NavigatedAyah[];
      marked.push(...ayahs.filter((ayah) => ayah.sajda).map((ayah) => ayah.key));
    }
    expect(marked).to.deep.equal(sajdas.map((ayah) => ayah.key));
  });

  it('gives one ayah the same places as the division routes do', async () => {
    const ayah = (await get('/quran/surahs/2/ayahs/255')).body.data as NavigatedAyah;
    for (const { segment, field } of DIVISIONS) {
      const ayahs = (await get(`/quran/${segment}/${ayah[field]}?translations=en`)).body.data as NavigatedAyah[];
      expect(
        ayahs.map((entry) => entry.key),
        segment,
      ).to.include('2:255');
    }
  });
});
