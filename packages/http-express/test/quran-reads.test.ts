import { importQuran, type QuranSource } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { quranJsonSource, startTestApp, type TestApp } from './test-app.js';

describe('http: Quran reads', () => {
  let t: TestApp;
  let source: QuranSource;
  let reader: string;
  let editor: string;
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    source = await quranJsonSource();
    await importQuran(t.deps, source);
    reader = (await t.issueKey({ scopes: ['quran'], permissions: ['read'] })).key;
    editor = (await t.issueKey({ scopes: ['quran'], permissions: ['read', 'write'] })).key;
  });
  after(async () => t.close());

  const get = (path: string, key = reader) => request(t.app).get(`/api/v1${path}`).set('X-API-Key', key);
  const arabicOf = (surah: number, ayah: number) =>
    source.arabic.texts.find((text) => text.surah === surah && text.ayah === ayah)!.text;

  describe('GET /quran/surahs', () => {
    it('lists 114 surahs whose ayah counts sum to 6236', async () => {
      const response = await get('/quran/surahs');
      expect(response.status).to.equal(200);
      const surahs = response.body.data as { id: number; ayahCount: number }[];
      expect(surahs).to.have.length(114);
      expect(surahs.map((surah) => surah.id)).to.deep.equal(Array.from({ length: 114 }, (_, i) => i + 1));
      expect(surahs.reduce((sum, surah) => sum + surah.ayahCount, 0)).to.equal(6236);
      expect(surahs[1]).to.include({ id: 2, ayahCount: 286, revelationType: 'medinan' });
    });

    it('gives each surah exactly the contract fields, with names from quran-json', async () => {
      const [first] = (await get('/quran/surahs')).body.data;
      expect(first).to.have.all.keys(
        'id',
        'nameAr',
        'nameEn',
        'transliteration',
        'revelationType',
        'ayahCount',
        'revelationOrder',
        'rukus',
        'pages',
        'factsCredit',
      );
      // Tanzil's facts are null until the quran-metadata dataset is imported (quran-study.test.ts).
      expect([first.revelationOrder, first.rukus, first.pages, first.factsCredit]).to.deep.equal([
        null,
        null,
        null,
        null,
      ]);
      expect(first).to.deep.equal({
        ...source.surahs[0],
        revelationOrder: null,
        rukus: null,
        pages: null,
        factsCredit: null,
      });
    });
  });

  describe('GET /quran/surahs/{surah}/ayahs', () => {
    it('gives surah 2 with its 286 ayahs in order, with every language it has', async () => {
      const response = await get('/quran/surahs/2/ayahs');
      expect(response.status).to.equal(200);
      const ayahs = response.body.data as Record<string, unknown>[];
      expect(ayahs).to.have.length(286);
      expect(ayahs.map((ayah) => ayah.key)).to.deep.equal(Array.from({ length: 286 }, (_, i) => `2:${i + 1}`));
      expect(ayahs[254]).to.have.all.keys(
        'surah',
        'ayah',
        'key',
        'text_ar',
        'translations',
        'tags',
        'notes',
        'published',
        'juz',
        'page',
        'hizbQuarter',
        'ruku',
        'manzil',
        'sajda',
      );
      expect(ayahs[254]).to.deep.include({
        surah: 2,
        ayah: 255,
        text_ar: arabicOf(2, 255),
        tags: [],
        notes: null,
        published: true,
      });
      expect(Object.keys(ayahs[254]!.translations as object)).to.deep.equal(['en', 'ru', 'tr']);
    });

    it('returns only the asked translations: ?translations=ru,tr', async () => {
      const ayahs = (await get('/quran/surahs/2/ayahs?translations=ru,tr')).body.data as { translations: object }[];
      expect(ayahs).to.have.length(286);
      for (const ayah of ayahs) expect(Object.keys(ayah.translations)).to.deep.equal(['ru', 'tr']);
      const russian = source.translations
        .find((t) => t.edition.lang === 'ru')!
        .texts.find((text) => text.surah === 2 && text.ayah === 1)!.text;
      expect((ayahs[0]!.translations as Record<string, string>).ru).to.equal(russian);
    });

    it('leaves out a well-formed code with no text', async () => {
      const ayahs = (await get('/quran/surahs/1/ayahs?translations=en,de')).body.data as { translations: object }[];
      for (const ayah of ayahs) expect(Object.keys(ayah.translations)).to.deep.equal(['en']);
    });

    it('answers 400 for a malformed language code', async () => {
      for (const translations of ['EN', 'en,,ru', 'e', 'en_US', 'en;ru', '']) {
        const response = await get(`/quran/surahs/2/ayahs?translations=${encodeURIComponent(translations)}`);
        expect(response.status, translations).to.equal(400);
        expect(response.body.error.code).to.equal('VALIDATION_ERROR');
        expect(response.body.error.message).to.contain('translations');
      }
    });

    it('answers 404 for surahs 0 and 115, and 400 for a non-integer', async () => {
      for (const surah of ['0', '115', '-1']) {
        const response = await get(`/quran/surahs/${surah}/ayahs`);
        expect(response.status, surah).to.equal(404);
        expect(response.body.error.code).to.equal('NOT_FOUND');
      }
      for (const surah of ['abc', '2.5']) {
        const response = await get(`/quran/surahs/${surah}/ayahs`);
        expect(response.status, surah).to.equal(400);
        expect(response.body.error.code).to.equal('VALIDATION_ERROR');
        expect(response.body.error.message).to.contain('surah');
      }
    });

    it('is private to the key, has an ETag and answers 304 to it', async () => {
      const first = await get('/quran/surahs/1/ayahs');
      expect(first.headers['cache-control']).to.equal('private, max-age=0');
      expect(first.headers['access-control-allow-origin']).to.equal('*');
      const second = await get('/quran/surahs/1/ayahs').set('If-None-Match', first.headers.etag!);
      expect(second.status).to.equal(304);
    });
  });

  describe('GET /quran/surahs/{surah}/ayahs/{ayah}', () => {
    it('gives one ayah with its key and translations', async () => {
      const response = await get('/quran/surahs/2/ayahs/255?translations=en');
      expect(response.status).to.equal(200);
      expect(response.body.data).to.deep.include({ surah: 2, ayah: 255, key: '2:255', text_ar: arabicOf(2, 255) });
      expect(Object.keys(response.body.data.translations)).to.deep.equal(['en']);
    });

    it('answers 404 beyond the surah’s ayah count and 400 for a non-integer ayah', async () => {
      const beyond = await get('/quran/surahs/2/ayahs/287');
      expect(beyond.status).to.equal(404);
      expect(beyond.body.error.message).to.contain('286');
      expect((await get('/quran/surahs/115/ayahs/1')).status).to.equal(404);
      expect((await get('/quran/surahs/1/ayahs/0')).status).to.equal(404);
      expect((await get('/quran/surahs/1/ayahs/one')).status).to.equal(400);
    });
  });

  describe('access', () => {
    it('needs a key covering quran', async () => {
      expect((await request(t.app).get('/api/v1/quran/surahs')).body.error.code).to.equal('MISSING_API_KEY');
      const hadithOnly = (await t.issueKey({ scopes: ['hadith'], permissions: ['read', 'write'] })).key;
      const response = await get('/quran/surahs', hadithOnly);
      expect(response.status).to.equal(403);
      expect(response.body.error.code).to.equal('INSUFFICIENT_SCOPE');
    });

    it('hides an unpublished ayah from read-only keys and downloads, and shows it to keys that may write', async () => {
      const patch = (published: boolean) =>
        request(t.app).patch('/api/v1/quran/surahs/112/ayahs/2').set('X-API-Key', editor).send({ published });
      expect((await patch(false)).status).to.equal(200);
      try {
        const readerList = (await get('/quran/surahs/112/ayahs')).body.data as { ayah: number }[];
        expect(readerList.map((ayah) => ayah.ayah)).to.deep.equal([1, 3, 4]);
        expect((await get('/quran/surahs/112/ayahs/2')).status).to.equal(404);
        const editorList = (await get('/quran/surahs/112/ayahs', editor)).body.data as {
          ayah: number;
          published: boolean;
        }[];
        expect(editorList.map((ayah) => [ayah.ayah, ayah.published])).to.deep.equal([
          [1, true],
          [2, false],
          [3, true],
          [4, true],
        ]);
        expect((await get('/quran/surahs/112/ayahs/2', editor)).body.data.published).to.equal(false);
        const download = (await request(t.app).get('/api/v1/translations/quran/ar/112')).body.data as {
          ayah: number;
        }[];
        expect(download.map((entry) => entry.ayah)).to.deep.equal([1, 3, 4]);
      } finally {
        expect((await patch(true)).status).to.equal(200);
      }
    });
  });
});
