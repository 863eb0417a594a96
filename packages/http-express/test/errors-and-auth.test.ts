import { AppError, hashApiKey, ManualClock, revokeApiKey } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../src/index.js';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

/** A write route used only here, to reach the body checks that no foundation route has yet. */
const echoWrite = defineRoute({
  method: 'put',
  path: '/test-echo/{locale}',
  resource: 'quran',
  tag: 'Test',
  summary: 'Echo a synthetic body',
  params: Type.Object({ locale: Type.String({ pattern: '^[a-z]{2,3}$' }) }),
  body: Type.Object({ text: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  response: Type.Object({ text: Type.String() }),
  errors: ['FORBIDDEN_LOCALE'],
  guard: ({ params }) => {
    if (params.locale === 'ar') throw new AppError('FORBIDDEN_LOCALE', 'Arabic text is read-only.');
  },
  handle: async ({ body }) => ({ data: body }),
});

/** Every response the suite checked, to assert at the end that none carries a key or its hash. */
const responsesSeen: string[] = [];

function expectError(response: request.Response, status: number, code: string): void {
  responsesSeen.push(response.text + JSON.stringify(response.headers));
  expectErrorEnvelope(response, status, code);
}

describe('http: every error code of the spec', () => {
  const clock = new ManualClock('2026-06-01T12:00:10.000Z');
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ clock, extraRoutes: [echoWrite] });
  });
  after(async () => t.close());

  const qibla = () => request(t.app).get('/api/v1/qibla?lat=40.7128&lng=-74.0060');

  it('MISSING_API_KEY: 401 without the header', async () => {
    expectError(await qibla(), 401, 'MISSING_API_KEY');
  });

  it('MISSING_API_KEY: 401 with an empty header', async () => {
    expectError(await qibla().set('X-API-Key', ''), 401, 'MISSING_API_KEY');
  });

  it('INVALID_API_KEY: 401 for an unknown key, with the contract message', async () => {
    const response = await qibla().set('X-API-Key', 'idk_' + 'x'.repeat(32));
    expectError(response, 401, 'INVALID_API_KEY');
    expect(response.body.error.message).to.equal('API key not found or revoked.');
  });

  it('INVALID_API_KEY: 401 for a revoked key', async () => {
    const { key, id } = await t.issueKey();
    expect((await qibla().set('X-API-Key', key)).status).to.equal(200);
    await revokeApiKey(t.deps, id);
    const response = await qibla().set('X-API-Key', key);
    expectError(response, 401, 'INVALID_API_KEY');
    expect(response.body.error.message).to.equal('API key not found or revoked.');
  });

  it('EXPIRED_API_KEY: 401 once the expiry has passed', async () => {
    const { key } = await t.issueKey({ expiresAt: '2026-06-02T00:00:00.000Z' });
    expect((await qibla().set('X-API-Key', key)).status).to.equal(200);
    clock.set('2026-06-02T00:00:01.000Z');
    expectError(await qibla().set('X-API-Key', key), 401, 'EXPIRED_API_KEY');
  });

  it('INSUFFICIENT_SCOPE: 403 for a key scoped to other resources', async () => {
    const { key } = await t.issueKey({ scopes: ['hadith', 'quran'] });
    expectError(await qibla().set('X-API-Key', key), 403, 'INSUFFICIENT_SCOPE');
  });

  it('INSUFFICIENT_PERMISSION: 403 for a read-only key writing', async () => {
    const { key } = await t.issueKey({ scopes: ['quran'], permissions: ['read'] });
    const response = await request(t.app)
      .put('/api/v1/test-echo/en')
      .set('X-API-Key', key)
      .send({ text: 'Test text 1' });
    expectError(response, 403, 'INSUFFICIENT_PERMISSION');
  });

  it('INSUFFICIENT_PERMISSION: 403 for a write-only key reading', async () => {
    const { key } = await t.issueKey({ permissions: ['write'] });
    expectError(await qibla().set('X-API-Key', key), 403, 'INSUFFICIENT_PERMISSION');
  });

  describe('with a write key', () => {
    let key: string;
    before(async () => {
      ({ key } = await t.issueKey({ scopes: ['quran'], permissions: ['read', 'write'] }));
    });
    const put = (locale = 'en') => request(t.app).put(`/api/v1/test-echo/${locale}`).set('X-API-Key', key);

    it('accepts a valid body', async () => {
      const response = await put().send({ text: 'Test text 1' });
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({ data: { text: 'Test text 1' } });
    });

    it('FORBIDDEN_LOCALE: 403, checked before the body', async () => {
      expectError(await put('ar').set('Content-Type', 'application/json').send('{not json'), 403, 'FORBIDDEN_LOCALE');
    });

    it('INVALID_JSON: 400 for a body that is not JSON', async () => {
      expectError(await put().set('Content-Type', 'application/json').send('{"text": '), 400, 'INVALID_JSON');
    });

    it('VALIDATION_ERROR: 400 naming a missing field', async () => {
      const response = await put().send({});
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).to.contain("'text'");
    });

    it('VALIDATION_ERROR: 400 naming an unknown field', async () => {
      const response = await put().send({ text: 'Test text 2', extra: 1 });
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).to.contain("'extra'");
    });

    it('VALIDATION_ERROR: 400 for a wrong type, not coerced', async () => {
      const response = await put().send({ text: 5 });
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).to.contain("'text'");
    });

    it('VALIDATION_ERROR: 400 for no body at all', async () => {
      expectError(await put(), 400, 'VALIDATION_ERROR');
    });

    it('PAYLOAD_TOO_LARGE: 413 over 64 KiB', async () => {
      expectError(await put().send({ text: 'x'.repeat(65 * 1024) }), 413, 'PAYLOAD_TOO_LARGE');
    });
  });

  it('VALIDATION_ERROR: 400 naming a bad query parameter', async () => {
    const { key } = await t.issueKey();
    const response = await request(t.app).get('/api/v1/qibla?lat=91&lng=0').set('X-API-Key', key);
    expectError(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.message).to.contain("'lat'");
  });

  it('NOT_FOUND: 404 for an unknown route, in the envelope', async () => {
    const { key } = await t.issueKey();
    expectError(await request(t.app).get('/api/v1/nothing-here').set('X-API-Key', key), 404, 'NOT_FOUND');
  });

  it('METHOD_NOT_ALLOWED: 405 with an Allow header for a known route', async () => {
    const { key } = await t.issueKey();
    const response = await request(t.app).delete('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
    expectError(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).to.equal('GET, HEAD, OPTIONS');
  });

  it('METHOD_NOT_ALLOWED: 405 with an Allow header on health, the document and the reference', async () => {
    for (const path of ['/health', '/openapi.json', '/docs', '/docs/reference.js', '/docs/scalar-api-reference.js']) {
      const response = await request(t.app).post(path);
      expectError(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow, path).to.equal('GET, HEAD, OPTIONS');
    }
  });

  it('INTERNAL_ERROR: 500 without internals, logged with the request id', async () => {
    const failing = defineRoute({
      method: 'get',
      path: '/test-failure',
      resource: 'qibla',
      tag: 'Test',
      summary: 'Always fails',
      response: Type.Unknown(),
      handle: async () => {
        throw new Error('Test failure: SELECT secret FROM nowhere');
      },
    });
    const t2 = await startTestApp({ extraRoutes: [failing] });
    try {
      const { key } = await t2.issueKey();
      const response = await request(t2.app).get('/api/v1/test-failure').set('X-API-Key', key);
      expectError(response, 500, 'INTERNAL_ERROR');
      expect(response.text).not.to.contain('SELECT');
      const requestId = String(response.headers['x-request-id']);
      expect(t2.logs.some((line) => line.includes(requestId) && line.includes('unexpected failure'))).to.equal(true);
    } finally {
      await t2.close();
    }
  });

  describe('after all of the above', () => {
    it('logged no key: none of the issued keys appears in any log line', () => {
      expect(t.issuedKeys.length).to.be.greaterThan(5);
      expect(t.logs.length).to.be.greaterThan(10);
      for (const key of t.issuedKeys) expect(t.logs.join('')).not.to.contain(key);
      for (const key of t.issuedKeys) expect(t.logs.join('')).not.to.contain(hashApiKey(key));
      expect(t.logs.join('')).not.to.contain('idk_');
    });

    it('answered no key and no key hash in any error response, body or headers', () => {
      expect(responsesSeen.length).to.be.greaterThan(10);
      const seen = responsesSeen.join('\n');
      for (const key of t.issuedKeys) {
        expect(seen).not.to.contain(key);
        expect(seen).not.to.contain(hashApiKey(key));
      }
    });

    it('leaves a database that passes PRAGMA integrity_check', () => {
      expect(t.integrity()).to.equal('ok');
    });
  });
});
