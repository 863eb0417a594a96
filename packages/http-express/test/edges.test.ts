import { importHadithCollection, importQuran, ManualClock } from '@islamic-data/core';
import { aHadithSource, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

const AYAH = '/api/v1/quran/surahs/1/ayahs/1';
const HADITH = '/api/v1/hadith/collections/test-collection/hadiths/1';

describe('http: the edges (issue 15): no 500 from any input, the envelope on every rejection', () => {
  let t: TestApp;
  let writer: string;
  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 100_000 });
    await importQuran(t.deps, aSyntheticQuranSource({ languages: ['en'] }));
    await importHadithCollection(t.deps, aHadithSource(3));
    writer = (await t.issueKey({ name: 'Test edge writer', permissions: ['read', 'write', 'delete'] })).key;
  });
  after(async () => t.close());

  const unexpectedFailures = () =>
    t.logs.filter((line) => line.includes('unexpected failure') || line.includes('"stack"'));
  const auditCount = async () => (await t.deps.stores.audit.list({})).length;

  describe('a malformed % escape in a path parameter', () => {
    const openPaths = [
      ['/api/v1/translations/quran/%', 'lang'],
      ['/api/v1/translations/quran/en/%E0%A4%A', 'surah'],
      ['/api/v1/translations/hadith/%ZZ/en', 'collection'],
    ] as const;
    for (const [path, parameter] of openPaths) {
      it(`answers 400 naming '${parameter}' for ${path} (open, no key), with no stack in the log`, async () => {
        const response = await request(t.app).get(path);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(`'${parameter}'`);
        expect(unexpectedFailures()).to.deep.equal([]);
      });
    }

    it('answers 400 naming the parameter on keyed reads and writes, after the key check', async () => {
      const cases = [
        ['get', '/api/v1/mosques/%C0%AE', 'slug'],
        ['get', '/api/v1/hadith/collections/test-collection/hadiths/%ZZ', 'number'],
        ['get', '/api/v1/quran/surahs/%/ayahs', 'surah'],
        ['put', '/api/v1/quran/surahs/1/ayahs/1/translations/%ff', 'locale'],
        ['patch', '/api/v1/hadith/collections/%zz/hadiths/1', 'id'],
      ] as const;
      for (const [method, path, parameter] of cases) {
        const anonymous = await request(t.app)[method](path);
        expectErrorEnvelope(anonymous, 401, 'MISSING_API_KEY');
        const keyed = await request(t.app)[method](path).set('X-API-Key', writer).send({ text: 'Test' });
        expectErrorEnvelope(keyed, 400, 'VALIDATION_ERROR');
        expect(keyed.body.error.message, path).to.contain(`'${parameter}'`);
      }
      expect(unexpectedFailures()).to.deep.equal([]);
    });

    it('answers a well-formed escape as before', async () => {
      const response = await request(t.app).get('/api/v1/quran/surahs/%31/ayahs/1').set('X-API-Key', writer);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
    });
  });

  describe('a body with Content-Encoding', () => {
    const put = (body: Buffer, encoding: string) =>
      request(t.app)
        .put(`${AYAH}/translations/tr`)
        .set('X-API-Key', writer)
        // Not a JSON type, so that supertest sends the bytes as they are; the route reads any type as JSON.
        .set('Content-Type', 'application/octet-stream')
        .set('Content-Encoding', encoding)
        .send(body);

    it('answers 400 INVALID_JSON when gzip or deflate is not valid, and writes nothing', async () => {
      const before = await auditCount();
      for (const [body, encoding] of [
        [Buffer.from('{"text":"Test"}'), 'gzip'],
        [gzipSync('{"text":"Test"}').subarray(0, 12), 'gzip'],
        [Buffer.from('not deflate'), 'deflate'],
      ] as const) {
        const response = await put(body, encoding);
        expectErrorEnvelope(response, 400, 'INVALID_JSON');
        expect(response.body.error.message).to.contain(encoding);
      }
      expect(await auditCount()).to.equal(before);
      expect(unexpectedFailures()).to.deep.equal([]);
    });

    it('still takes a valid gzip body', async () => {
      const response = await put(gzipSync('{"text":"Test gzip translation"}'), 'gzip');
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      expect(response.body.data.text).to.equal('Test gzip translation');
    });
  });

  describe('a lone surrogate in any string of a body', () => {
    const bodies: [string, string, string, string][] = [
      ['put', `${AYAH}/translations/az`, '{"text":"Test \\ud800 text"}', 'text'],
      ['put', `${HADITH}/translations/az`, '{"text":"\\udfff"}', 'text'],
      ['patch', HADITH, '{"tags":["Test","\\ud83d"]}', 'tags[1]'],
      ['patch', AYAH, '{"notes":{"\\ud800":"x"}}', 'notes.'],
      ['post', '/api/v1/mosques', '{"nameEn":"Test \\udc00 mosque"}', 'nameEn'],
    ];
    for (const [method, path, raw, field] of bodies) {
      it(`answers 400 naming '${field}' for ${method.toUpperCase()} ${path} and stores nothing`, async () => {
        const before = await auditCount();
        const response = await request(t.app)
          [method as 'put'](path)
          .set('X-API-Key', writer)
          .set('Content-Type', 'application/json')
          .send(raw);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(`'${field}`).and.to.contain('surrogate');
        expect(await auditCount()).to.equal(before);
      });
    }

    it('walks a body nested 30,000 levels deep without overflowing the stack (400, not 500)', async () => {
      for (const [open, close] of [
        ['[', ']'],
        ['{"a":', '}'],
      ] as const) {
        const depth = open === '[' ? 30_000 : 10_000;
        const nested = open.repeat(depth) + (open === '[' ? '' : '1') + close.repeat(depth);
        const response = await request(t.app)
          .patch(AYAH)
          .set('X-API-Key', writer)
          .set('Content-Type', 'application/json')
          .send(`{"notes":${nested}}`);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      }
      expect(unexpectedFailures()).to.deep.equal([]);
    });

    it('takes a well-formed pair (an emoji) escaped the same way', async () => {
      const response = await request(t.app)
        .put(`${AYAH}/translations/de`)
        .set('X-API-Key', writer)
        .set('Content-Type', 'application/json')
        .send('{"text":"Test \\ud83d\\ude00"}');
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      expect(response.body.data.text).to.equal('Test \u{1F600}');
    });
  });

  it('sends X-Content-Type-Options: nosniff on every kind of response', async () => {
    const responses = [
      await request(t.app).get('/health'),
      await request(t.app).get('/docs'),
      await request(t.app).get('/openapi.json'),
      await request(t.app).get('/api/v1/translations'),
      await request(t.app).get('/api/v1/nowhere'),
      await request(t.app).get(AYAH),
      await request(t.app).delete('/api/v1/translations'),
      await request(t.app).get(AYAH).set('X-API-Key', writer),
      await request(t.app).options('/api/v1/translations').set('Access-Control-Request-Method', 'GET'),
      await request(t.app).put(`${AYAH}/translations/tr`).set('X-API-Key', writer).send('{'),
    ];
    for (const response of responses) {
      expect(response.headers['x-content-type-options'], `${response.status}`).to.equal('nosniff');
    }
    const etag = String(responses[7]!.headers.etag);
    const notModified = await request(t.app).get(AYAH).set('X-API-Key', writer).set('If-None-Match', etag);
    expect(notModified.status).to.equal(304);
    expect(notModified.headers['x-content-type-options']).to.equal('nosniff');
  });
});

describe('http: /health, /docs and /openapi.json spend no anonymous budget', () => {
  let t: TestApp;
  // A clock that stands still: the window these tests spend never rolls over under them.
  before(async () => (t = await startTestApp({ clock: new ManualClock(), rateLimitPerMinute: 3 })));
  after(async () => t.close());

  it('answers a health check after the address spent its window, while the API answers 429', async () => {
    for (let i = 0; i < 3; i++) await request(t.app).get('/api/v1/translations');
    expectErrorEnvelope(await request(t.app).get('/api/v1/translations'), 429, 'RATE_LIMITED');
    for (let i = 0; i < 5; i++) {
      expect((await request(t.app).get('/health')).status).to.equal(200);
      expect((await request(t.app).get('/openapi.json')).status).to.equal(200);
      expect((await request(t.app).get('/docs')).status).to.equal(200);
    }
    expectErrorEnvelope(await request(t.app).get('/api/v1/translations'), 429, 'RATE_LIMITED');
  });

  it('leaves out of the limit every spelling of those paths that Express routes to them', async () => {
    for (let i = 0; i < 3; i++) await request(t.app).get('/api/v1/translations');
    for (const path of ['/Health', '/health/', '/OPENAPI.JSON/', '/docs/Reference.js']) {
      const response = await request(t.app).get(path);
      expect(response.status, path).to.equal(200);
      expect(response.headers, path).not.to.have.property('x-ratelimit-remaining');
    }
    // Not the same path: counted, and refused.
    expectErrorEnvelope(await request(t.app).get('/health//'), 429, 'RATE_LIMITED');
  });

  it('lets a fresh address spend its whole window after many health checks', async () => {
    const fresh = await startTestApp({ rateLimitPerMinute: 3 });
    try {
      for (let i = 0; i < 10; i++) await request(fresh.app).get('/health');
      for (let i = 0; i < 3; i++) expect((await request(fresh.app).get('/api/v1/translations')).status).to.equal(200);
    } finally {
      await fresh.close();
    }
  });
});
