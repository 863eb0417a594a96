import { importHadithCollection, importQuran } from '@islamic-data/core';
import { aHadithSource, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { apiRoutes, createApp } from '../src/index.js';
import { validatingResponses } from './response-validation.js';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

const AYAH = '/api/v1/quran/surahs/2/ayahs/5';
const HADITH = '/api/v1/hadith/collections/test-collection/hadiths/3';

/** Issue 26, point 5: a write that changes nothing writes nothing; the locales a deployment accepts. */
describe('http: writes that change nothing, and the locale policy (real SQLite file)', () => {
  let t: TestApp;
  let writer = '';
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    await importQuran(t.deps, aSyntheticQuranSource({ counts: [3, 12, 2] }));
    await importHadithCollection(t.deps, aHadithSource(6));
    writer = (await t.issueKey({ name: 'Test writer', scopes: ['quran', 'hadith'], permissions: ['read', 'write'] }))
      .key;
  });
  after(async () => t.close());

  const entries = () => t.deps.stores.audit.list();

  it('1,000 identical PUTs add one audit entry and leave the row as the first wrote it', async () => {
    const before = (await entries()).length;
    const first = await request(t.app)
      .put(`${AYAH}/translations/de`)
      .set('X-API-Key', writer)
      .send({ text: 'Test de 2:5' });
    expect(first.status).to.equal(201);
    for (let i = 0; i < 999; i++) {
      const again = await request(t.app)
        .put(`${AYAH}/translations/de`)
        .set('X-API-Key', writer)
        .send({ text: 'Test de 2:5' });
      expect(again.status, JSON.stringify(again.body)).to.equal(200);
      expect(again.body.data).to.deep.equal(first.body.data);
    }
    const after = await entries();
    expect(after).to.have.length(before + 1);
    expect(after[0]).to.deep.include({ action: 'translation.put', before: null, after: first.body.data });
  });

  it('an identical hadith translation PUT and PATCHes that change nothing write no audit entry', async () => {
    const put = () =>
      request(t.app).put(`${HADITH}/translations/tr`).set('X-API-Key', writer).send({ text: 'Test tr 3' });
    expect((await put()).status).to.equal(201);
    const count = (await entries()).length;
    expect((await put()).status).to.equal(200);

    const ayah = (await request(t.app).get(AYAH).set('X-API-Key', writer)).body.data;
    const samePatch = await request(t.app)
      .patch(AYAH)
      .set('X-API-Key', writer)
      .send({ tags: ayah.tags, published: ayah.published });
    expect(samePatch.status).to.equal(200);
    const hadith = (await request(t.app).get(HADITH).set('X-API-Key', writer)).body.data;
    const sameHadithPatch = await request(t.app)
      .patch(HADITH)
      .set('X-API-Key', writer)
      .send({ notes: hadith.notes, narrator: hadith.narrator });
    expect(sameHadithPatch.status, JSON.stringify(sameHadithPatch.body)).to.equal(200);
    expect(await entries()).to.have.length(count);

    const changed = await request(t.app)
      .patch(AYAH)
      .set('X-API-Key', writer)
      .send({ tags: ['test-tag'] });
    expect(changed.status).to.equal(200);
    expect(await entries()).to.have.length(count + 1);
  });

  describe('a deployment that accepts en and de, and 2 new locales a key a day', () => {
    let app: ReturnType<typeof createApp>;
    let key = '';
    let other = '';
    before(async () => {
      const localePolicy = { accepted: ['en', 'de'], newLocalesPerKeyPerDay: 2 };
      app = validatingResponses(createApp({ ...t.deps, localePolicy }, apiRoutes), apiRoutes);
      key = (await t.issueKey({ name: 'Test capped', scopes: ['quran'], permissions: ['read', 'write'] })).key;
      other = (await t.issueKey({ name: 'Test other', scopes: ['quran'], permissions: ['read', 'write'] })).key;
    });
    const put = (path: string, locale: string, as = key) =>
      request(app)
        .put(`${path}/translations/${locale}`)
        .set('X-API-Key', as)
        .send({ text: `Test ${locale}` });

    it('403 FORBIDDEN_LOCALE for a locale it does not accept, writing nothing', async () => {
      const count = (await entries()).length;
      const refused = await put(AYAH, 'fr');
      expectErrorEnvelope(refused, 403, 'FORBIDDEN_LOCALE');
      expect(refused.body.error.message).to.include("'fr'").and.include('en, de');
      expectErrorEnvelope(await put(AYAH, 'english'), 400, 'VALIDATION_ERROR');
      expect(await entries()).to.have.length(count);
    });

    it('429 RATE_LIMITED for the third new locale of a key in a day; replacing, reusing one never count', async () => {
      expect((await put('/api/v1/quran/surahs/1/ayahs/1', 'en')).status).to.equal(200); // imported: a replacement
      expect((await put('/api/v1/quran/surahs/1/ayahs/1', 'de-at')).status).to.equal(201);
      expect((await put('/api/v1/quran/surahs/1/ayahs/2', 'de-at')).status).to.equal(201);
      expect((await put('/api/v1/quran/surahs/1/ayahs/1', 'de-ch')).status).to.equal(201);
      const count = (await entries()).length;
      const refused = await put('/api/v1/quran/surahs/1/ayahs/1', 'en-gb');
      expectErrorEnvelope(refused, 429, 'RATE_LIMITED');
      expect(refused.body.error.message).to.include('00:00 UTC');
      expect(await entries()).to.have.length(count);
      expect((await put('/api/v1/quran/surahs/1/ayahs/3', 'de-at')).status).to.equal(201);
      expect((await put('/api/v1/quran/surahs/1/ayahs/1', 'en-gb', other)).status).to.equal(201);
    });
  });
});
