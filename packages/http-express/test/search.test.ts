import {
  importHadithCollection,
  importQuran,
  importTanzilTranslation,
  contentRestorers,
  rollbackEntry,
  type QuranSource,
} from '@islamic-data/core';
import { hadithSourceLocations, readHadithSources, readTanzilTranslation } from '@islamic-data/sources';
import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import path from 'node:path';
import request from 'supertest';
import { expectErrorEnvelope, quranJsonSource, startTestApp, type TestApp } from './test-app.js';

const AZ_FILE = path.join(SHARED_DATA_DIR, 'quran-az/az.mammadaliyev.xml');

/** Arabic without its marks, written here independently of the core's folding: what a reader types. */
const MARKS: [number, number][] = [
  [0x0610, 0x061a],
  [0x0640, 0x0640],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  [0x06d6, 0x06ed],
];
const ALEFS = new Set(['\u0671', '\u0623', '\u0625', '\u0622']);
const bare = (text: string) =>
  [...text]
    .filter((char) => !MARKS.some(([from, to]) => char.charCodeAt(0) >= from && char.charCodeAt(0) <= to))
    .map((char) => (ALEFS.has(char) ? '\u0627' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** `count` words of a text from word `from`, as a quoted phrase. */
const phraseOf = (text: string, from: number, count: number) =>
  `"${text
    .split(/\s+/)
    .slice(from, from + count)
    .join(' ')}"`;

interface QuranHit {
  key: string;
  lang: string;
  snippet: string;
}

describe('http: search of the Quran and the Hadith (real data from quran-json and shared/data)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let source: QuranSource;
  let reader: string;
  let editor: string;
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    source = await quranJsonSource();
    await importQuran(t.deps, source);
    await importTanzilTranslation(t.deps, { lang: 'az', translation: await readTanzilTranslation(AZ_FILE) });
    const locations = await hadithSourceLocations(SHARED_DATA_DIR);
    for await (const collection of readHadithSources(locations, ['bukhari', 'nawawi40']))
      await importHadithCollection(t.deps, collection);
    reader = (await t.issueKey({ scopes: ['quran', 'hadith'], permissions: ['read'] })).key;
    editor = (await t.issueKey({ scopes: ['quran'], permissions: ['read', 'write'] })).key;
  });
  after(async () => t.close());

  const get = (path: string, key = reader) => request(t.app).get(`/api/v1${path}`).set('X-API-Key', key);
  const searchQuran = async (q: string, extra = '') => {
    const response = await get(`/quran/search?q=${encodeURIComponent(q)}${extra}`);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data as { items: QuranHit[]; nextStartAfter: string | null };
  };
  const textOf = (lang: string, surah: number, ayah: number) => {
    const texts = lang === 'ar' ? source.arabic.texts : source.translations.find((t) => t.edition.lang === lang)!.texts;
    return texts.find((text) => text.surah === surah && text.ayah === ayah)!.text;
  };

  describe('GET /quran/search', () => {
    it('finds 1:1 first by its Arabic typed without diacritics, and marks the words in the Uthmani text', async () => {
      for (const q of [bare(textOf('ar', 1, 1)), 'بسم الله']) {
        const { items } = await searchQuran(q, '&lang=ar');
        expect(items[0], q).to.deep.include({ key: '1:1', surah: 1, ayah: 1, lang: 'ar' });
        expect(items[0]!.snippet.replace(/<\/?mark>/g, '')).to.equal(textOf('ar', 1, 1));
        expect(items[0]!.snippet).to.contain('<mark>');
      }
    });

    it('finds a known ayah by a phrase of its English, Russian, Turkish and Azerbaijani text', async () => {
      const azerbaijani = (await get('/quran/surahs/2/ayahs/255?translations=az')).body.data.translations.az;
      const cases: [string, string][] = [
        ['en', textOf('en', 2, 255)],
        ['ru', textOf('ru', 2, 255)],
        ['tr', textOf('tr', 2, 255)],
        ['az', azerbaijani],
      ];
      for (const [lang, text] of cases) {
        const { items } = await searchQuran(phraseOf(text, 10, 8), `&lang=${lang}&limit=50`);
        expect(
          items.map((item) => item.key),
          lang,
        ).to.include('2:255');
        expect(items.every((item) => item.lang === lang)).to.equal(true);
      }
    });

    it('ranks English by stem and case-insensitively, filters by surah and pages with nextStartAfter', async () => {
      const { items, nextStartAfter } = await searchQuran('MERCIFUL', '&lang=en&limit=5');
      expect(items).to.have.length(5);
      expect(nextStartAfter).to.equal('5');
      const next = await searchQuran('MERCIFUL', `&lang=en&limit=5&startAfter=${nextStartAfter}`);
      expect(next.items.map((item) => item.key)).to.not.include.members(items.map((item) => item.key));
      const inSurah = await searchQuran('mercy', '&surah=2&lang=en&limit=50');
      expect(inSurah.items.length).to.be.greaterThan(0);
      expect(inSurah.items.every((item) => item.key.startsWith('2:'))).to.equal(true);
      const stems = await searchQuran('believers', '&lang=en&limit=50');
      expect(stems.items.some((item) => /<mark>believe<\/mark>/i.test(item.snippet))).to.equal(true);
    });

    it('answers FTS syntax and oversized queries with 200 or a 400 envelope, never a 500', async () => {
      for (const q of [
        '"',
        '*',
        'NEAR(',
        "'--",
        ')',
        'x'.repeat(10_000),
        'a OR b',
        'title:x',
        '^x',
        '-',
        '"open',
        '🙂',
      ]) {
        const response = await get(`/quran/search?q=${encodeURIComponent(q)}`);
        if (response.status === 400) expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        else expect(response.status, `${q.slice(0, 20)}: ${JSON.stringify(response.body)}`).to.equal(200);
        if (response.status === 400) expect(response.body.error.message).to.contain("'q'");
      }
      expectErrorEnvelope(await get('/quran/search'), 400, 'VALIDATION_ERROR');
      expectErrorEnvelope(await get('/quran/search?q=x&lang=EN'), 400, 'VALIDATION_ERROR');
      expectErrorEnvelope(await get('/quran/search?q=x&surah=115'), 400, 'VALIDATION_ERROR');
      expectErrorEnvelope(await get('/quran/search?q=x&limit=51'), 400, 'VALIDATION_ERROR');
      expectErrorEnvelope(await get('/quran/search?q=x&startAfter=-1'), 400, 'VALIDATION_ERROR');
      expectErrorEnvelope(await get('/quran/search?q=x&startAfter=5000'), 400, 'VALIDATION_ERROR');
    });

    it('finds a PUT text at once and no longer the old one; a rollback restores the old hits', async () => {
      const oldPhrase = phraseOf(textOf('en', 3, 7), 1, 6);
      expect((await searchQuran(oldPhrase, '&lang=en')).items.map((item) => item.key)).to.include('3:7');
      const put = await request(t.app)
        .put('/api/v1/quran/surahs/3/ayahs/7/translations/en')
        .set('X-API-Key', editor)
        .send({ text: 'Test replacement with the word zyxwvut' });
      expect(put.status).to.equal(200);
      expect((await searchQuran('zyxwvut')).items.map((item) => `${item.key}/${item.lang}`)).to.deep.equal(['3:7/en']);
      expect((await searchQuran(oldPhrase, '&lang=en')).items.map((item) => item.key)).to.not.include('3:7');
      const [entry] = await t.deps.stores.audit.list({ limit: 1 });
      await rollbackEntry({ ...t.deps, restorers: contentRestorers }, entry!.id);
      expect((await searchQuran('zyxwvut')).items).to.deep.equal([]);
      expect((await searchQuran(oldPhrase, '&lang=en')).items.map((item) => item.key)).to.include('3:7');
    });

    it('needs the quran scope', async () => {
      const hadithOnly = (await t.issueKey({ scopes: ['hadith'], permissions: ['read'] })).key;
      expectErrorEnvelope(await get('/quran/search?q=x', hadithOnly), 403, 'INSUFFICIENT_SCOPE');
    });
  });

  describe('GET /hadith/search', () => {
    it('finds a hadith by a phrase of its English text, by its number', async () => {
      const hadith = (await get('/hadith/collections/bukhari/hadiths/1?translations=en')).body.data;
      const q = phraseOf(hadith.translations.en, 3, 6);
      const response = await get(`/hadith/search?q=${encodeURIComponent(q)}&collection=bukhari&lang=en`);
      expect(response.status).to.equal(200);
      const items = response.body.data.items as { collection: string; number: string; lang: string }[];
      expect(items.map((item) => item.number)).to.include(hadith.number);
      expect(items[0]).to.have.all.keys('collection', 'number', 'sequence', 'lang', 'snippet');
    });

    it('finds a hadith by its Arabic without diacritics, in the collection asked for', async () => {
      const hadith = (await get('/hadith/collections/nawawi40/hadiths/1')).body.data;
      const q = bare(hadith.text_ar).split(' ').slice(0, 6).join(' ');
      const response = await get(`/hadith/search?q=${encodeURIComponent(q)}&collection=nawawi40&lang=ar`);
      expect(response.status).to.equal(200);
      expect(response.body.data.items[0]).to.include({ collection: 'nawawi40', number: hadith.number, lang: 'ar' });
    });

    it('answers a collection it does not hold and FTS syntax with a 400 envelope or 200', async () => {
      expectErrorEnvelope(await get('/hadith/search?q=x&collection=test-none'), 400, 'VALIDATION_ERROR');
      for (const q of ['"', 'NEAR(', ')', "'--"]) {
        const response = await get(`/hadith/search?q=${encodeURIComponent(q)}`);
        expect([200, 400]).to.include(response.status);
        if (response.status === 400) expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      }
    });
  });
});
