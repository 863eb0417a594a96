import { createApiKey, importQuran, ManualClock } from '@islamic-data/core';
import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import request from 'supertest';
import { createApp, type HttpApp } from '../app.js';
import type { AppDependencies } from '../dependencies.js';
import { apiRoutes } from '../routes/index.js';
import { defineRoute, type RouteDefinition } from '../platform/route.js';

/** How often each synthetic route computed an answer (a miss), by route. */
const computed = { keyed: 0, open: 0 };

/** Synthetic reads: one keyed, one open, both cached, each counting the answers it computes. */
const syntheticReads = [
  defineRoute({
    method: 'get',
    path: '/test-counted/{n}',
    resource: 'qibla',
    tag: 'Test',
    summary: 'A synthetic keyed read',
    params: Type.Object({ n: Type.Integer({ minimum: 0 }) }),
    query: Type.Object({ size: Type.Optional(Type.Integer({ minimum: 1, maximum: 9, default: 3 })) }),
    response: Type.Object({ n: Type.Integer(), size: Type.Integer() }),
    reads: [],
    handle: async ({ params, query }) => {
      computed.keyed++;
      return { data: { n: params.n, size: query.size } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/test-echo-query',
    resource: 'qibla',
    tag: 'Test',
    summary: 'A synthetic read that answers the query it was given',
    query: Type.Object({ size: Type.Optional(Type.Integer()) }),
    response: Type.Object({}, { additionalProperties: true }),
    handle: async ({ query }) => ({ data: query }),
  }),
  defineRoute({
    method: 'get',
    path: '/test-open',
    resource: null,
    tag: 'Test',
    summary: 'A synthetic open read',
    response: Type.Object({ computed: Type.Integer() }),
    reads: [],
    handle: async () => ({ data: { computed: ++computed.open } }),
  }),
] as RouteDefinition[];

describe('http pipeline: one request, start to end (the app over in-memory adapters)', () => {
  const clock = new ManualClock('2026-06-01T12:00:10.000Z');
  const keys = { reader: '', writer: '' };
  let composition: TestComposition;
  let deps: AppDependencies;
  let app: HttpApp;
  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory', clock, rateLimitPerMinute: 1_000 });
    deps = composition.deps;
    app = createApp(deps, [...apiRoutes, ...syntheticReads]);
    await importQuran(deps, aSyntheticQuranSource({ languages: ['en'] }));
    keys.reader = (await createApiKey(deps, { name: 'Test reader', scopes: ['*'], permissions: ['read'] })).key;
    keys.writer = (
      await createApiKey(deps, { name: 'Test writer', scopes: ['*'], permissions: ['read', 'write'] })
    ).key;
  });

  const get = (path: string, key: string | null = keys.reader) => {
    const call = request(app).get(path);
    return key === null ? call : call.set('X-API-Key', key);
  };

  it('keys the cache by what the route reads: unknown parameters, order and defaults add no answer', async () => {
    const before = computed.keyed;
    const first = await get('/api/v1/test-counted/7');
    expect(first.status, first.text).to.equal(200);
    expect(first.body.data).to.deep.equal({ n: 7, size: 3 });
    for (const path of [
      '/api/v1/test-counted/7?cb=1',
      '/api/v1/test-counted/7?cb=2&also=x',
      '/api/v1/test-counted/7?size=3',
      '/api/v1/test-counted/7/?cb=3&size=3',
      '/API/V1/TEST-COUNTED/7',
    ]) {
      const again = await get(path);
      expect(again.status, path).to.equal(200);
      expect(again.headers.etag, path).to.equal(first.headers.etag);
    }
    expect(computed.keyed - before).to.equal(1);
    const other = await get('/api/v1/test-counted/7?size=4');
    expect(other.headers.etag).not.to.equal(first.headers.etag);
    expect(computed.keyed - before).to.equal(2);
  });

  it('answers ?cb=N on a real route with one ETag, computed once', async () => {
    const { listAyahs } = deps.stores.quran;
    let reads = 0;
    deps.stores.quran.listAyahs = (...args) => {
      reads++;
      return listAyahs.apply(deps.stores.quran, args);
    };
    const etags = new Set<string>();
    for (let n = 0; n < 20; n++) {
      const response = await get(`/api/v1/quran/surahs/1/ayahs?cb=${n}`);
      expect(response.status, response.text).to.equal(200);
      etags.add(response.headers.etag!);
    }
    deps.stores.quran.listAyahs = listAyahs;
    expect(etags.size).to.equal(1);
    expect(reads).to.be.at.most(1);
  });

  it('serves a key that may write from the cache on open routes, as every other caller', async () => {
    const first = await get('/api/v1/test-open', null);
    for (const key of [keys.writer, keys.reader, null, 'not-a-key']) {
      const again = await get('/api/v1/test-open', key);
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal(first.body);
    }
    expect(computed.open).to.equal(1);
  });

  it('keeps answers apart for keys that see unpublished content on keyed routes', async () => {
    const before = computed.keyed;
    await get('/api/v1/test-counted/8', keys.reader);
    await get('/api/v1/test-counted/8', keys.writer);
    await get('/api/v1/test-counted/8', keys.reader);
    await get('/api/v1/test-counted/8', keys.writer);
    expect(computed.keyed - before).to.equal(2);
  });

  it('gives the handler the query parameters its route declares, and only those (what the cache keys on)', async () => {
    const response = await get('/api/v1/test-echo-query?size=2&cb=1&constructor=x');
    expect(response.body.data).to.deep.equal({ size: 2 });
  });

  it('refuses to build a route whose path names a parameter its schema does not', () => {
    const undeclared = defineRoute({
      method: 'get',
      path: '/test-undeclared/{x}',
      resource: null,
      tag: 'Test',
      summary: 'A synthetic route without a params schema',
      response: Type.Null(),
      reads: [],
      handle: async () => ({ data: null }),
    }) as RouteDefinition;
    expect(() => createApp(deps, [undeclared])).to.throw(/\/test-undeclared\/\{x\}: no schema for x/);
  });

  it('logs the key that was presented and found, also when the route refuses it', async () => {
    const { key, id } = await composition.issueKey({ scopes: ['hadith'], permissions: ['read'] });
    const refused = await get('/api/v1/test-counted/1', key);
    expect(refused.status).to.equal(403);
    const line = composition.logs
      .map((each) => JSON.parse(each))
      .find((each) => each.requestId === refused.headers['x-request-id']);
    expect(line).to.include({ keyId: id, status: 403, path: '/api/v1/test-counted/1' });
  });

  for (const [path, parameter] of [
    ['/api/v1/quran/surahs/0x10/ayahs', 'surah'],
    ['/api/v1/quran/surahs/1e1/ayahs', 'surah'],
    ['/api/v1/quran/surahs/%205%20/ayahs', 'surah'],
    ['/api/v1/quran/surahs/+5/ayahs', 'surah'],
    ['/api/v1/test-counted/1?size=0x2', 'size'],
    ['/api/v1/test-counted/1?size=1e0', 'size'],
    ['/api/v1/test-counted/1?size=%205', 'size'],
    ['/api/v1/test-counted/1?size=2.0', 'size'],
  ] as const) {
    it(`refuses ${decodeURIComponent(path)}: decimal digits only (400 naming '${parameter}')`, async () => {
      const response = await get(path);
      expect(response.status, response.text).to.equal(400);
      expect(response.body.error.code).to.equal('VALIDATION_ERROR');
      expect(response.body.error.message).to.contain(`'${parameter}'`);
    });
  }

  it('still takes plain decimal integers, leading zeros included', async () => {
    expect((await get('/api/v1/quran/surahs/2/ayahs')).body.data[0].surah).to.equal(2);
    expect((await get('/api/v1/quran/surahs/02/ayahs')).body.data[0].surah).to.equal(2);
    expect((await get('/api/v1/test-counted/1?size=09')).body.data).to.deep.equal({ n: 1, size: 9 });
  });
});

describe('http pipeline: counting comes before any of the route’s work', () => {
  const clock = new ManualClock('2026-06-01T12:00:10.000Z');
  let composition: TestComposition;
  let app: HttpApp;
  let key: string;
  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory', clock, rateLimitPerMinute: 3 });
    const { deps } = composition;
    app = createApp(deps, [...apiRoutes, ...syntheticReads]);
    key = (await createApiKey(deps, { name: 'Test key', scopes: ['*'], permissions: ['read'] })).key;
  });
  after(async () => composition.close());

  it('refuses a client past its window with 429 before access, validation, the cache or the handler', async () => {
    const before = computed.keyed;
    for (let n = 100; n < 103; n++) {
      expect((await request(app).get(`/api/v1/test-counted/${n}`).set('X-API-Key', key)).status).to.equal(200);
    }
    expect(computed.keyed - before).to.equal(3);
    // A fourth distinct answer, an unknown path, a bad parameter: all refused by the count, nothing computed.
    for (const path of ['/api/v1/test-counted/104', '/api/v1/nowhere', '/api/v1/test-counted/x']) {
      const refused = await request(app).get(path).set('X-API-Key', key);
      expect(refused.status, path).to.equal(429);
      expect(refused.body.error.code).to.equal('RATE_LIMITED');
    }
    expect(computed.keyed - before).to.equal(3);
  });

  it('leaves health, the document, the reference and preflights out of the count', async () => {
    for (const path of ['/health', '/openapi.json', '/docs']) {
      const response = await request(app).get(path);
      expect(response.status, path).to.equal(200);
      expect(response.headers['x-ratelimit-limit'], path).to.equal(undefined);
    }
    const preflight = await request(app)
      .options('/api/v1/qibla')
      .set('Origin', 'https://example.test')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.status).to.equal(204);
    expect(preflight.headers['x-ratelimit-limit']).to.equal(undefined);
    expect((await request(app).delete('/health')).status).to.equal(405);
  });

  it('routes service pages by method and a path parameter, outside the count', async () => {
    const token = 'A'.repeat(43);
    for (const method of ['get', 'post'] as const) {
      const response = await request(app)[method](`/keys/claim/${token}`);
      expect(response.status, method).to.equal(410); // the page itself answered: an unknown link
      expect(response.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(response.headers['x-ratelimit-limit']).to.equal(undefined);
    }
    const other = await request(app).delete(`/keys/claim/${token}`);
    expect(other.status).to.equal(405);
    expect(other.headers.allow).to.equal('GET, POST, HEAD, OPTIONS');
    expect((await request(app).get('/keys/claim/')).status).to.equal(404);
  });
});
