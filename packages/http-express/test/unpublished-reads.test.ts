import { importHadithCollection, importQuran } from '@islamic-data/core';
import { aHadithSource, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * Issue 26, point 11: to a key that may only read, an unpublished ayah or hadith is answered exactly as one that
 * does not exist (status, code and message, but for the number asked), and `startAfter` with an unpublished
 * number as with a missing one. Editors (write keys) still see unpublished records.
 */
describe('http: unpublished records cannot be told from missing ones by a reader', () => {
  let t: TestApp;
  let reader: string;
  let writer: string;
  const COLLECTION = 'test-unpublished';

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    await importQuran(t.deps, aSyntheticQuranSource({ languages: ['en'] }));
    await importHadithCollection(t.deps, aHadithSource(6, { slug: COLLECTION }));
    ({ key: reader } = await t.issueKey({ scopes: ['quran', 'hadith'], permissions: ['read'] }));
    ({ key: writer } = await t.issueKey({ scopes: ['quran', 'hadith'], permissions: ['read', 'write'] }));
    for (const path of ['/api/v1/quran/surahs/2/ayahs/3', `/api/v1/hadith/collections/${COLLECTION}/hadiths/2`]) {
      const unpublished = await request(t.app).patch(path).set('X-API-Key', writer).send({ published: false });
      expect(unpublished.status, unpublished.text).to.equal(200);
    }
  });
  after(async () => t.close());

  const get = (path: string, key = reader) => request(t.app).get(`/api/v1${path}`).set('X-API-Key', key);
  /** What a reader learns from an answer: its status, code, and message with the number asked taken out. */
  const seen = (response: request.Response, asked: string) => ({
    status: response.status,
    code: response.body.error?.code,
    message: String(response.body.error?.message).split(asked).join('#'),
  });

  it('an unpublished ayah answers as an ayah past the end of its surah', async () => {
    const unpublished = seen(await get('/quran/surahs/2/ayahs/3'), '2:3');
    const missing = seen(await get('/quran/surahs/2/ayahs/99'), '2:99');
    expect(unpublished).to.deep.equal(missing);
    expect(unpublished.status).to.equal(404);
    expect((await get('/quran/surahs/2/ayahs/3', writer)).status, 'an editor sees it').to.equal(200);
  });

  it('an unpublished hadith answers as a number the collection does not have', async () => {
    const unpublished = seen(await get(`/hadith/collections/${COLLECTION}/hadiths/2`), "'2'");
    const missing = seen(await get(`/hadith/collections/${COLLECTION}/hadiths/999`), "'999'");
    expect(unpublished).to.deep.equal(missing);
    expect(unpublished.status).to.equal(404);
    expect((await get(`/hadith/collections/${COLLECTION}/hadiths/2`, writer)).status).to.equal(200);
  });

  it('startAfter an unpublished number answers as startAfter a missing one; an editor pages from it', async () => {
    const page = (startAfter: string, key = reader) =>
      get(`/hadith/collections/${COLLECTION}/hadiths?startAfter=${startAfter}&limit=2`, key);
    const unpublished = seen(await page('2'), "'2'");
    const missing = seen(await page('999'), "'999'");
    expect(unpublished).to.deep.equal(missing);
    expect(unpublished.status).to.equal(400);
    const editor = await page('2', writer);
    expect(editor.status).to.equal(200);
    expect(editor.body.data.items.map((h: { number: string }) => h.number)).to.deep.equal(['3', '4']);
    // A published number still pages, and the reader's page skips the unpublished one.
    const fromOne = await page('1');
    expect(fromOne.body.data.items.map((h: { number: string }) => h.number)).to.deep.equal(['3', '4']);
  });
});
