import { importHadithCollection, type AuditEntry } from '@islamic-data/core';
import { readHadithJson } from '@islamic-data/sources';
import { HADITH_JSON_DIR, HADITH_JSON_README_COUNTS } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

const API = '/api/v1';
const rawChapter = (group: string, slug: string, file: string) =>
  JSON.parse(readFileSync(path.join(HADITH_JSON_DIR, 'db/by_chapter', group, slug, file), 'utf8'));

describe('http: hadith (nine collections imported from shared/data)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let reader: string;
  let writer: string;
  let deleter: string;
  let quranOnly: string;
  let writerId: string;

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    for await (const source of readHadithJson(HADITH_JSON_DIR)) await importHadithCollection(t.deps, source);
    ({ key: reader } = await t.issueKey({ name: 'Test reader', scopes: ['hadith'], permissions: ['read'] }));
    ({ key: writer, id: writerId } = await t.issueKey({
      name: 'Test writer',
      scopes: ['hadith'],
      permissions: ['read', 'write'],
    }));
    ({ key: deleter } = await t.issueKey({
      name: 'Test deleter',
      scopes: ['hadith'],
      permissions: ['read', 'write', 'delete'],
    }));
    ({ key: quranOnly } = await t.issueKey({
      name: 'Test quran',
      scopes: ['quran'],
      permissions: ['read', 'write', 'delete'],
    }));
  });
  after(async () => t.close());

  const get = (url: string, key: string | null = reader) => {
    const req = request(t.app).get(API + url);
    return key === null ? req : req.set('X-API-Key', key);
  };
  const auditEntries = async (): Promise<AuditEntry[]> =>
    (await t.deps.stores.audit.list()).filter(
      (entry) => entry.action !== 'import' && !entry.action.startsWith('keys.'),
    );

  /**
   * Runs a write and checks that it added exactly `expected` audit entries; returns the response
   * and the new entries.
   */
  async function audited(expected: number, write: () => Promise<request.Response>) {
    const before = (await auditEntries()).length;
    const response = await write();
    const entries = await auditEntries();
    expect(entries.length - before, `audit entries added by a ${response.status}`).to.equal(expected);
    return { response, entries: entries.slice(0, expected) };
  }

  const expectError = (response: request.Response, status: number, code: string) => {
    expect(response.status, JSON.stringify(response.body)).to.equal(status);
    expect(response.body.error.code).to.equal(code);
  };

  describe('reads', () => {
    it('lists the nine collections with total = published hadiths (the README counts)', async () => {
      const response = await get('/hadith/collections');
      expect(response.status).to.equal(200);
      expect(response.body.data.map((c: { slug: string; total: number }) => [c.slug, c.total])).to.deep.equal(
        Object.entries(HADITH_JSON_README_COUNTS).map(([slug, counts]) => [slug, counts.records]),
      );
      const raw = rawChapter('the_9_books', 'bukhari', '1.json');
      expect(response.body.data[0]).to.deep.equal({
        slug: 'bukhari',
        name: raw.metadata.english.title,
        nameAr: raw.metadata.arabic.title,
        total: 7277,
      });
      expect(response.headers['cache-control']).to.equal('private, max-age=0');
    });

    it('shows one collection, and 404 for an unknown one', async () => {
      expect((await get('/hadith/collections/qudsi40')).body.data).to.include({ slug: 'qudsi40', total: 40 });
      expectError(await get('/hadith/collections/test-unknown'), 404, 'NOT_FOUND');
    });

    it('needs a key with the hadith scope', async () => {
      expectError(await get('/hadith/collections', null), 401, 'MISSING_API_KEY');
      expectError(await get('/hadith/collections', quranOnly), 403, 'INSUFFICIENT_SCOPE');
    });

    it(
      'walks Bukhari with limit=100, ' + 'visiting every hadith once in order and ending with nextStartAfter null',
      async () => {
        const seen: number[] = [];
        let startAfter: number | null = null;
        let pages = 0;
        do {
          const response = await get(
            `/hadith/collections/bukhari/hadiths?limit=100${startAfter === null ? '' : `&startAfter=${startAfter}`}`,
          );
          expect(response.status).to.equal(200);
          const { items, nextStartAfter } = response.body.data as {
            items: { number: number }[];
            nextStartAfter: number | null;
          };
          expect(items.length).to.be.within(1, 100);
          seen.push(...items.map((item) => item.number));
          if (nextStartAfter !== null) expect(nextStartAfter).to.equal(items.at(-1)!.number);
          startAfter = nextStartAfter;
          pages++;
        } while (startAfter !== null);
        expect(pages).to.equal(Math.ceil(7277 / 100));
        expect(seen).to.deep.equal(Array.from({ length: 7277 }, (_, i) => i + 1));
      },
    );

    it('defaults to 20 per page from the start', async () => {
      const { items, nextStartAfter } = (await get('/hadith/collections/nawawi40/hadiths')).body.data;
      expect(items.map((item: { number: number }) => item.number)).to.deep.equal(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(nextStartAfter).to.equal(20);
      const last = (await get('/hadith/collections/nawawi40/hadiths?startAfter=40')).body.data;
      expect(last).to.deep.include({ nextStartAfter: null });
      expect(last.items.map((item: { number: number }) => item.number)).to.deep.equal([41, 42]);
      expect((await get('/hadith/collections/nawawi40/hadiths?startAfter=42')).body.data).to.deep.equal({
        items: [],
        nextStartAfter: null,
      });
    });

    for (const [query, parameter] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['startAfter=abc', 'startAfter'],
      ['startAfter=-1', 'startAfter'],
      ['translations=EN', 'translations'],
    ]) {
      it(`answers ${query} with 400 naming ${parameter}`, async () => {
        const response = await get(`/hadith/collections/bukhari/hadiths?${query}`);
        expectError(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(parameter);
      });
    }

    it(
      'answers 404 for an unknown collection and for numbers beyond the last, ' + '400 for a non-integer number',
      async () => {
        expectError(await get('/hadith/collections/test-unknown/hadiths'), 404, 'NOT_FOUND');
        expectError(await get('/hadith/collections/bukhari/hadiths/7278'), 404, 'NOT_FOUND');
        expectError(await get('/hadith/collections/bukhari/hadiths/0'), 404, 'NOT_FOUND');
        expectError(await get('/hadith/collections/test-unknown/hadiths/1'), 404, 'NOT_FOUND');
        expectError(await get('/hadith/collections/bukhari/hadiths/abc'), 400, 'VALIDATION_ERROR');
        expectError(await get('/hadith/collections/bukhari/hadiths/1.5'), 400, 'VALIDATION_ERROR');
        expect((await get('/hadith/collections/bukhari/hadiths/7277')).status).to.equal(200);
      },
    );

    it('gives a hadith its Arabic text, English translation, narrator and book as the source has them', async () => {
      const raw = rawChapter('the_9_books', 'bukhari', '1.json');
      const response = await get('/hadith/collections/bukhari/hadiths/1');
      expect(response.body.data).to.deep.equal({
        collection: 'bukhari',
        number: 1,
        text_ar: raw.hadiths[0].arabic,
        translations: { en: raw.hadiths[0].english.text },
        narrator: raw.hadiths[0].english.narrator,
        grade: null,
        tags: [],
        notes: null,
        published: true,
        book: { number: 1, nameEn: raw.chapter.english, nameAr: raw.chapter.arabic },
      });
      expect((await get('/hadith/collections/bukhari/hadiths/1?translations=ru')).body.data.translations).to.deep.equal(
        {},
      );
    });

    it("gives the fractional book number of an-Nasa'i's Book of Agriculture", async () => {
      const chapters = Array.from({ length: 35 }, (_, i) => rawChapter('the_9_books', 'nasai', `${i + 1}.json`));
      const firstOf352 = chapters.reduce((sum, chapter) => sum + chapter.hadiths.length, 0) + 1;
      const raw = rawChapter('the_9_books', 'nasai', '35b.json');
      const hadith = (await get(`/hadith/collections/nasai/hadiths/${firstOf352}`)).body.data;
      expect(hadith.book).to.deep.equal({ number: 35.2, nameEn: raw.chapter.english, nameAr: raw.chapter.arabic });
      expect(hadith.text_ar).to.equal(raw.hadiths[0].arabic);
    });

    it('gives text_ar null where Malik has no Arabic', async () => {
      const page = (await get('/hadith/collections/malik/hadiths?limit=100')).body.data;
      const all = [...page.items];
      for (let next = page.nextStartAfter; next !== null;) {
        const more = (await get(`/hadith/collections/malik/hadiths?limit=100&startAfter=${next}`)).body.data;
        all.push(...more.items);
        next = more.nextStartAfter;
      }
      expect(all.filter((hadith: { text_ar: string | null }) => hadith.text_ar === null)).to.have.length(125);
    });
  });

  describe('downloads (open)', () => {
    it('gives every Bukhari hadith with its Arabic text, the public-domain licence on every entry', async () => {
      const response = await request(t.app).get(`${API}/translations/hadith/bukhari/ar`);
      expect(response.status).to.equal(200);
      expect(response.headers['cache-control']).to.equal('public, max-age=3600');
      const entries = response.body.data as {
        number: number;
        text: string | null;
        attribution: string;
        license: string;
        source_url: string;
      }[];
      expect(entries.map((entry) => entry.number)).to.deep.equal(Array.from({ length: 7277 }, (_, i) => i + 1));
      const edition = (await t.deps.stores.editions.get('hadith', 'bukhari', 'ar'))!;
      for (const entry of entries) {
        expect(entry.text).to.be.a('string').and.not.equal('');
        expect(entry).to.include({
          collection: 'bukhari',
          attribution: edition.attribution,
          license: edition.license,
          source_url: edition.sourceUrl,
        });
      }
      expect(entries[0]!.text).to.equal(rawChapter('the_9_books', 'bukhari', '1.json').hadiths[0].arabic);
    });

    it('gives the English Bukhari with text null and attribution, licence and source URL on every entry', async () => {
      const entries = (await request(t.app).get(`${API}/translations/hadith/bukhari/en`)).body.data as Record<
        string,
        unknown
      >[];
      expect(entries).to.have.length(7277 - HADITH_JSON_README_COUNTS.bukhari!.emptyEnglish);
      for (const entry of entries) {
        expect(entry.text).to.equal(null);
        for (const field of ['attribution', 'license', 'source_url'])
          expect(entry[field]).to.be.a('string').and.not.equal('');
      }
      expect(entries[0]!.source_url).to.equal('https://sunnah.com/bukhari');
      expect(String(entries[0]!.attribution)).to.contain('sunnah.com').and.contain('hadith-json');
    });

    it('answers 404 for a collection or language without an edition', async () => {
      expectError(await request(t.app).get(`${API}/translations/hadith/test-unknown/ar`), 404, 'NOT_FOUND');
      expectError(await request(t.app).get(`${API}/translations/hadith/bukhari/ru`), 404, 'NOT_FOUND');
    });

    it('lists the Arabic and English edition of each collection in GET /translations', async () => {
      const entries = (await request(t.app).get(`${API}/translations`)).body.data as {
        resource: string;
        collection: string;
        lang: string;
        path: string;
        publicDomain: boolean;
      }[];
      const hadith = entries.filter((entry) => entry.resource === 'hadith');
      expect(hadith).to.have.length(18);
      expect(hadith.find((entry) => entry.collection === 'bukhari' && entry.lang === 'ar')).to.include({
        publicDomain: true,
        path: '/api/v1/translations/hadith/bukhari/ar',
      });
      expect(hadith.find((entry) => entry.collection === 'bukhari' && entry.lang === 'en')).to.include({
        publicDomain: false,
      });
    });
  });

  describe('writes', () => {
    const translationUrl = (locale: string, number = 1, collection = 'qudsi40') =>
      `${API}/hadith/collections/${collection}/hadiths/${number}/translations/${locale}`;
    const put = (url: string, body: unknown, key = writer) =>
      request(t.app)
        .put(url)
        .set('X-API-Key', key)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body));
    const patch = (number: number, body: unknown, key = writer, collection = 'qudsi40') =>
      request(t.app)
        .patch(`${API}/hadith/collections/${collection}/hadiths/${number}`)
        .set('X-API-Key', key)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body));

    it('creates a translation (201), replaces it (200) and repeats it harmlessly (200), each audited', async () => {
      const created = await audited(1, () => put(translationUrl('ru'), { text: 'Test перевод 1' }));
      expect(created.response.status).to.equal(201);
      const stored = created.response.body.data;
      expect(stored).to.include({ locale: 'ru', text: 'Test перевод 1' });
      expect(Date.parse(stored.updatedAt)).to.be.a('number').and.not.NaN;
      expect(created.entries[0]).to.deep.include({
        keyId: writerId,
        keyName: 'Test writer',
        action: 'translation.put',
        resource: 'hadith/qudsi40/1/translations/ru',
        before: null,
        after: stored,
      });

      const repeated = await audited(1, () => put(translationUrl('ru'), { text: 'Test перевод 1' }));
      expect(repeated.response.status).to.equal(200);
      expect(repeated.response.body.data).to.deep.equal(stored);

      const replaced = await audited(1, () => put(translationUrl('ru'), { text: 'Test перевод 1b' }));
      expect(replaced.response.status).to.equal(200);
      expect(replaced.entries[0]).to.deep.include({ before: stored, after: replaced.response.body.data });
      expect((await get('/hadith/collections/qudsi40/hadiths/1')).body.data.translations).to.include({
        ru: 'Test перевод 1b',
      });
    });

    it('replaces the imported English translation with 200', async () => {
      const { response } = await audited(1, () => put(translationUrl('en', 2), { text: 'Test English 2' }));
      expect(response.status).to.equal(200);
      expect((await get('/hadith/collections/qudsi40/hadiths/2')).body.data.translations.en).to.equal('Test English 2');
    });

    it('refuses the Arabic locale with 403 FORBIDDEN_LOCALE before reading the body', async () => {
      for (const locale of ['ar', 'ar-eg']) {
        expectError(
          (await audited(0, () => put(translationUrl(locale), { text: 'Test' }))).response,
          403,
          'FORBIDDEN_LOCALE',
        );
        expectError(
          (await audited(0, () => put(translationUrl(locale), '{not json'))).response,
          403,
          'FORBIDDEN_LOCALE',
        );
      }
    });

    it('refuses a read-only key (INSUFFICIENT_PERMISSION) and a quran-only key (INSUFFICIENT_SCOPE)', async () => {
      expectError(
        (await audited(0, () => put(translationUrl('ru'), { text: 'Test' }, reader))).response,
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectError(
        (await audited(0, () => put(translationUrl('ru'), { text: 'Test' }, quranOnly))).response,
        403,
        'INSUFFICIENT_SCOPE',
      );
      expectError(
        (await audited(0, () => patch(1, { grade: 'Test' }, reader))).response,
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectError((await audited(0, () => patch(1, { grade: 'Test' }, quranOnly))).response, 403, 'INSUFFICIENT_SCOPE');
    });

    it('refuses a body that is not JSON with 400 INVALID_JSON', async () => {
      expectError((await audited(0, () => put(translationUrl('ru'), '{"text": '))).response, 400, 'INVALID_JSON');
      expectError((await audited(0, () => patch(1, '{grade'))).response, 400, 'INVALID_JSON');
    });

    for (const body of [
      { text: '' },
      { text: '   ' },
      { text: 5 },
      {},
      { text: 'Test', extra: 1 },
      { text: 'x'.repeat(50_001) },
      ['Test'],
    ]) {
      it(`refuses the translation body ${JSON.stringify(body).slice(0, 40)} with 400 VALIDATION_ERROR`, async () => {
        expectError((await audited(0, () => put(translationUrl('ru'), body))).response, 400, 'VALIDATION_ERROR');
      });
    }

    it('answers 404 for a translation of a hadith that does not exist, auditing nothing', async () => {
      expectError((await audited(0, () => put(translationUrl('ru', 41), { text: 'Test' }))).response, 404, 'NOT_FOUND');
      expectError(
        (await audited(0, () => put(translationUrl('ru', 1, 'test-unknown'), { text: 'Test' }))).response,
        404,
        'NOT_FOUND',
      );
      expectError((await audited(0, () => patch(41, { grade: 'Test' }))).response, 404, 'NOT_FOUND');
    });

    it('patches metadata, answering and auditing the whole hadith', async () => {
      const before = (await get('/hadith/collections/qudsi40/hadiths/3', writer)).body.data;
      const body = { narrator: 'Test narrator', grade: 'Test grade', tags: ['test-a', 'test-b'], notes: 'Test note' };
      const { response, entries } = await audited(1, () => patch(3, body));
      expect(response.status).to.equal(200);
      expect(response.body.data).to.deep.equal({ ...before, ...body });
      expect(entries[0]).to.deep.include({
        keyId: writerId,
        keyName: 'Test writer',
        action: 'metadata.patch',
        resource: 'hadith/qudsi40/3',
        before,
        after: response.body.data,
      });
      const cleared = await audited(1, () => patch(3, { narrator: null, notes: null }));
      expect(cleared.response.body.data).to.include({ narrator: null, notes: null, grade: 'Test grade' });
    });

    for (const [body, status, code] of [
      [{ text_ar: 'Test' }, 403, 'FORBIDDEN_LOCALE'],
      [{ grade: 'Test', text_ar: 'Test' }, 403, 'FORBIDDEN_LOCALE'],
      [{}, 400, 'VALIDATION_ERROR'],
      [{ title: 'Test' }, 400, 'VALIDATION_ERROR'],
      [{ published: 'false' }, 400, 'VALIDATION_ERROR'],
      [{ tags: 'test' }, 400, 'VALIDATION_ERROR'],
      [{ tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }, 400, 'VALIDATION_ERROR'],
      [{ narrator: 5 }, 400, 'VALIDATION_ERROR'],
      [{ grade: '' }, 400, 'VALIDATION_ERROR'],
      [{ notes: ['x'] }, 400, 'VALIDATION_ERROR'],
    ] as const) {
      it(`refuses the patch ${JSON.stringify(body).slice(0, 50)} with ${status} ${code}`, async () => {
        expectError((await audited(0, () => patch(4, body))).response, status, code);
      });
    }

    it('hides an unpublished hadith from read-only keys, totals and downloads, and shows it to writers', async () => {
      const totalBefore = (await get('/hadith/collections/qudsi40')).body.data.total;
      await audited(1, () => patch(5, { published: false }));
      expectError(await get('/hadith/collections/qudsi40/hadiths/5'), 404, 'NOT_FOUND');
      expect((await get('/hadith/collections/qudsi40/hadiths/5', writer)).body.data.published).to.equal(false);
      expect((await get('/hadith/collections/qudsi40')).body.data.total).to.equal(totalBefore - 1);
      const readerPage = (await get('/hadith/collections/qudsi40/hadiths?startAfter=4&limit=2')).body.data.items.map(
        (h: { number: number }) => h.number,
      );
      expect(readerPage).to.deep.equal([6, 7]);
      const writerPage = (
        await get('/hadith/collections/qudsi40/hadiths?startAfter=4&limit=2', writer)
      ).body.data.items.map((h: { number: number }) => h.number);
      expect(writerPage).to.deep.equal([5, 6]);
      for (const lang of ['ar', 'en']) {
        const numbers = (await request(t.app).get(`${API}/translations/hadith/qudsi40/${lang}`)).body.data.map(
          (entry: { number: number }) => entry.number,
        );
        expect(numbers).to.have.length(39);
        expect(numbers).not.to.include(5);
      }
      await audited(1, () => patch(5, { published: true }));
      expect((await get('/hadith/collections/qudsi40')).body.data.total).to.equal(totalBefore);
    });

    it('deletes a translation with the delete permission (204), audited, and 404 when there is none', async () => {
      await put(translationUrl('tr', 6), { text: 'Test çeviri 6' });
      expectError(
        (await audited(0, () => request(t.app).delete(translationUrl('tr', 6)).set('X-API-Key', writer))).response,
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectError(
        (await audited(0, () => request(t.app).delete(translationUrl('ar', 6)).set('X-API-Key', deleter))).response,
        403,
        'FORBIDDEN_LOCALE',
      );
      const { response, entries } = await audited(1, () =>
        request(t.app).delete(translationUrl('tr', 6)).set('X-API-Key', deleter),
      );
      expect(response.status).to.equal(204);
      expect(response.text).to.equal('');
      expect(entries[0]).to.deep.include({
        keyName: 'Test deleter',
        action: 'translation.delete',
        resource: 'hadith/qudsi40/6/translations/tr',
        after: null,
      });
      expect((entries[0]!.before as { text: string }).text).to.equal('Test çeviri 6');
      expectError(
        (await audited(0, () => request(t.app).delete(translationUrl('tr', 6)).set('X-API-Key', deleter))).response,
        404,
        'NOT_FOUND',
      );
    });

    it('carries no CORS headers on writes', async () => {
      const response = await put(translationUrl('ru', 7), { text: 'Test перевод 7' }).set(
        'Origin',
        'https://example.org',
      );
      expect(response.status).to.equal(201);
      expect(response.headers).not.to.have.property('access-control-allow-origin');
    });
  });
});
