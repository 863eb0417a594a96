import { importQuran } from '@islamic-data/core';
import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { createApp, type HttpApp } from '../app.js';
import type { FinishedRequest } from './observe-request.js';

describe('http pipeline: the request observer is told once about every finished request', () => {
  let composition: TestComposition;
  let app: HttpApp;
  const told: FinishedRequest[] = [];
  let key = '';
  let spent = '';
  let other = '';
  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory', rateLimitPerMinute: 3 });
    await importQuran(composition.deps, aSyntheticQuranSource({ languages: ['en'] }));
    key = (await composition.issueKey()).key;
    spent = (await composition.issueKey()).key;
    other = (await composition.issueKey()).key;
    app = createApp({ ...composition.deps, requestObserver: { onRequestFinished: (finished) => told.push(finished) } });
  });
  after(async () => composition.close());
  beforeEach(() => told.splice(0));

  /** What the observer was told, once the response is in (it is told on `finish`, before the client reads). */
  const tell = async (send: () => request.Test): Promise<FinishedRequest[]> => {
    await send();
    await new Promise((resolve) => setImmediate(resolve));
    return told.splice(0).map((each) => {
      expect(each.durationMs).to.be.a('number').and.at.least(0).and.below(10_000);
      return { ...each, durationMs: 0 };
    });
  };
  const finished = (fields: Partial<FinishedRequest>): FinishedRequest => ({
    routeTemplate: '(unmatched)',
    method: 'GET',
    status: 200,
    durationMs: 0,
    cache: 'none',
    rateLimited: false,
    ...fields,
  });

  it('a cached read: the template, never the path sent; a miss, then a hit (and a 304 is a hit)', async () => {
    const template = '/api/v1/quran/surahs/{surah}/ayahs/{ayah}';
    const get = () => request(app).get('/api/v1/quran/surahs/1/ayahs/2?translations=en').set('X-API-Key', key);
    expect(await tell(get)).to.deep.equal([finished({ routeTemplate: template, cache: 'miss' })]);
    const hit = await get();
    expect(told.splice(0).map((each) => each.cache)).to.deep.equal(['hit']);
    const revalidated = await tell(() => get().set('If-None-Match', hit.headers.etag as string));
    expect(revalidated).to.deep.equal([finished({ routeTemplate: template, cache: 'hit', status: 304 })]);
  });

  it('a 429 is rate-limited on its route; 404, 405, a preflight, a service page and a bad request too', async () => {
    const qibla = () => request(app).get('/api/v1/qibla?lat=1&lng=2').set('X-API-Key', spent);
    expect(await tell(qibla)).to.deep.equal([finished({ routeTemplate: '/api/v1/qibla', cache: 'miss' })]);
    await qibla();
    await qibla();
    told.splice(0);
    expect(await tell(qibla)).to.deep.equal([
      finished({ routeTemplate: '/api/v1/qibla', status: 429, rateLimited: true }),
    ]);
    expect(await tell(() => request(app).get('/api/v1/no/such/path/idk_x').set('X-API-Key', other))).to.deep.equal([
      finished({ status: 404 }),
    ]);
    expect(await tell(() => request(app).delete('/api/v1/qibla').set('X-API-Key', other))).to.deep.equal([
      finished({ routeTemplate: '/api/v1/qibla', method: 'DELETE', status: 405 }),
    ]);
    const preflight = () =>
      request(app)
        .options('/api/v1/qibla')
        .set('Origin', 'https://a.example')
        .set('Access-Control-Request-Method', 'GET');
    expect(await tell(preflight)).to.deep.equal([
      finished({ routeTemplate: '(preflight)', method: 'OPTIONS', status: 204 }),
    ]);
    expect(await tell(() => request(app).get('/health'))).to.deep.equal([finished({ routeTemplate: '/health' })]);
    expect(await tell(() => request(app).get('/api/v1/qibla?lat=91&lng=2').set('X-API-Key', other))).to.deep.equal([
      finished({ routeTemplate: '/api/v1/qibla', status: 400 }),
    ]);
  });

  it('no observer, no listener: the app runs as before', async () => {
    const bare = createApp(composition.deps);
    const response = await request(bare).get('/health');
    expect(response.status).to.equal(200);
    expect(told).to.deep.equal([]);
  });
});
