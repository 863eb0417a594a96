import { contentRestorers, importQuran, revokeApiKey, rollbackEntry, type Clock } from '@islamic-data/core';
import { aQuranEdition, aSyntheticQuranSource, syntheticSurahs, syntheticTexts } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

const AYAH = '/api/v1/quran/surahs/2/ayahs/10?translations=en,de';
const SURAH = '/api/v1/quran/surahs/2/ayahs?translations=en';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request as sent on the wire: no decompression, no added headers. */
function raw(origin: string, method: string, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .request(`${origin}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

describe('http: cached representations are invisible', () => {
  let t: TestApp;
  let now = Date.parse('2026-03-20T10:00:00Z');
  const clock: Clock = { now: () => new Date(now) };
  let server: http.Server;
  let origin: string;
  const keys = { reader: '', writer: '' };
  before(async () => {
    t = await startTestApp({ clock, rateLimitPerMinute: 100_000 });
    await importQuran(t.deps, aSyntheticQuranSource({ languages: ['en'] }));
    keys.reader = (await t.issueKey({ scopes: ['quran', 'qibla'], permissions: ['read'] })).key;
    keys.writer = (await t.issueKey({ scopes: ['quran'], permissions: ['read', 'write'] })).key;
    server = http.createServer(t.app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const get = (path: string, key = keys.reader) => request(t.app).get(path).set('X-API-Key', key);

  it('answers a repeated GET with the same body and ETag', async () => {
    const [first, second] = [await get(AYAH), await get(AYAH)];
    expect(first.status).to.equal(200);
    expect(second.body).to.deep.equal(first.body);
    expect(second.headers.etag).to.equal(first.headers.etag);
  });

  it('serves ?cb=N, unknown parameters and a key that may write the one cached download', async () => {
    const { listPublishedTexts } = t.deps.stores.quran;
    let computed = 0;
    t.deps.stores.quran.listPublishedTexts = (...args) => {
      computed++;
      return listPublishedTexts.apply(t.deps.stores.quran, args);
    };
    try {
      const first = await request(t.app).get('/api/v1/translations/quran/en?cb=0');
      expect(first.status, first.text).to.equal(200);
      for (const [cb, key] of [
        [1, keys.writer],
        [2, keys.reader],
        [3, undefined],
        [4, keys.writer],
      ] as const) {
        const call = request(t.app).get(`/api/v1/translations/quran/en?cb=${cb}&unknown=${cb}`);
        const again = await (key ? call.set('X-API-Key', key) : call);
        expect(again.status).to.equal(200);
        expect(again.headers.etag).to.equal(first.headers.etag);
      }
      expect(computed).to.equal(1);
    } finally {
      t.deps.stores.quran.listPublishedTexts = listPublishedTexts;
    }
  });

  it('changes the next GET body and ETag after a write through HTTP, and answers no 304 for the old tag', async () => {
    const before = await get(AYAH);
    const put = await request(t.app)
      .put('/api/v1/quran/surahs/2/ayahs/10/translations/de')
      .set('X-API-Key', keys.writer)
      .send({ text: 'Test cache write 2:10' });
    expect(put.status).to.equal(201);
    const after = await get(AYAH).set('If-None-Match', before.headers.etag!);
    expect(after.status).to.equal(200);
    expect(after.body.data.translations.de).to.equal('Test cache write 2:10');
    expect(after.headers.etag).not.to.equal(before.headers.etag);
  });

  it('changes the next GET after a rollback', async () => {
    const before = await get(AYAH);
    const [entry] = await t.deps.stores.audit.list({ resourcePrefix: 'quran/2/10/translations/de' });
    await rollbackEntry({ ...t.deps, restorers: contentRestorers }, entry!.id);
    const after = await get(AYAH).set('If-None-Match', before.headers.etag!);
    expect(after.status).to.equal(200);
    expect(after.body.data.translations).not.to.have.property('de');
    expect(after.headers.etag).not.to.equal(before.headers.etag);
  });

  it('changes the next download after an import', async () => {
    const path = '/api/v1/translations/quran/en';
    const before = await request(t.app).get(path);
    const surahs = syntheticSurahs();
    await importQuran(t.deps, {
      ...aSyntheticQuranSource({ languages: [] }),
      translations: [
        {
          edition: aQuranEdition('en', { attribution: 'Test attribution after the import' }),
          texts: syntheticTexts(surahs, 'en'),
        },
      ],
    });
    const after = await request(t.app).get(path).set('If-None-Match', before.headers.etag!);
    expect(after.status).to.equal(200);
    expect(after.body.data[0].attribution).to.equal('Test attribution after the import');
    expect(after.headers.etag).not.to.equal(before.headers.etag);
  });

  it('answers a matching If-None-Match with 304 whatever Cache-Control the request has (fetch: no-cache)', async () => {
    const first = await get(SURAH);
    for (const cacheControl of ['no-cache', 'max-age=0', 'no-store']) {
      const conditional = await get(SURAH).set('If-None-Match', first.headers.etag!).set('Cache-Control', cacheControl);
      expect(conditional.status, cacheControl).to.equal(304);
      expect(conditional.text ?? '').to.equal('');
      expect(conditional.headers.etag).to.equal(first.headers.etag);
    }
    const weakAndListed = await get(SURAH).set('If-None-Match', `"other", W/${first.headers.etag}`);
    expect(weakAndListed.status).to.equal(304);
    const response = await fetch(`${origin}${SURAH}`, {
      headers: { 'X-API-Key': keys.reader, 'If-None-Match': first.headers.etag!, 'Cache-Control': 'no-cache' },
    });
    expect(response.status).to.equal(304);
  });

  it('announces on HEAD with Accept-Encoding: gzip the coding, length and ETag that GET sends', async () => {
    for (const path of [SURAH, '/api/v1/translations/quran/en']) {
      const headers = { 'X-API-Key': keys.reader, 'Accept-Encoding': 'gzip' };
      const head = await raw(origin, 'HEAD', path, headers);
      const got = await raw(origin, 'GET', path, headers);
      expect(got.headers['content-encoding'], path).to.equal('gzip');
      expect(head.headers['content-encoding'], path).to.equal('gzip');
      expect(head.headers['content-length'], path).to.equal(String(got.body.length));
      expect(head.headers.etag, path).to.equal(got.headers.etag);
      expect(head.body.length).to.equal(0);
      expect(JSON.parse(gunzipSync(got.body).toString()).data).to.be.an('array').that.is.not.empty;
    }
  });

  it('sends a body of many write chunks whole, and goes on after a client leaves in the middle of one', async () => {
    const path = '/docs/scalar-api-reference.js';
    const whole = await raw(origin, 'GET', path, {});
    expect(whole.status).to.equal(200);
    expect(whole.body.length).to.equal(Number(whole.headers['content-length'])).and.to.be.greaterThan(1_000_000);
    await new Promise<void>((resolve) => {
      const leaving = http.get(`${origin}${path}`, (res) => res.once('data', () => leaving.destroy()));
      leaving.on('close', resolve).on('error', () => undefined);
    });
    const again = await raw(origin, 'GET', path, {});
    expect(again.body.equals(whole.body)).to.equal(true);
    expect(t.logs.filter((line) => line.includes('unexpected failure'))).to.deep.equal([]);
  });

  it('sends identity to a client that accepts no coding, with its own ETag', async () => {
    const identity = await raw(origin, 'GET', SURAH, { 'X-API-Key': keys.reader });
    const gzip = await raw(origin, 'GET', SURAH, { 'X-API-Key': keys.reader, 'Accept-Encoding': 'gzip' });
    expect(identity.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(identity.body.toString())).to.deep.equal(JSON.parse(gunzipSync(gzip.body).toString()));
    expect(identity.headers.etag).not.to.equal(gzip.headers.etag);
  });

  it('keeps every header of a computed answer on a cached one (CORS, rate limit, Cache-Control, id)', async () => {
    const path = '/api/v1/qibla?lat=21.4&lng=39.8';
    const [first, cached] = [await get(path), await get(path)];
    expect(Object.keys(cached.headers).sort()).to.deep.equal(Object.keys(first.headers).sort());
    for (const name of ['access-control-allow-origin', 'access-control-expose-headers', 'cache-control', 'etag']) {
      expect(cached.headers[name], name).to.equal(first.headers[name]);
    }
    expect(cached.headers['x-request-id']).to.be.a('string').and.not.equal(first.headers['x-request-id']);
    expect(Number(cached.headers['x-ratelimit-remaining'])).to.equal(
      Number(first.headers['x-ratelimit-remaining']) - 1,
    );
    expect(cached.headers['cache-control']).to.equal('private, max-age=0');
  });

  it('shows unpublished content only to keys that may see it, cached or not', async () => {
    await request(t.app)
      .patch('/api/v1/quran/surahs/2/ayahs/11')
      .set('X-API-Key', keys.writer)
      .send({ published: false });
    const path = '/api/v1/quran/surahs/2/ayahs/11';
    expect((await get(path, keys.writer)).status).to.equal(200);
    expect((await get(path)).status).to.equal(404);
    expect((await get(path, keys.writer)).status).to.equal(200);
  });

  it('refuses a key revoked since its last (cached) request, and one that expired since', async () => {
    const revoked = await t.issueKey({ scopes: ['qibla'], permissions: ['read'] });
    const path = '/api/v1/qibla?lat=1&lng=2';
    expect((await get(path, revoked.key)).status).to.equal(200);
    await revokeApiKey(t.deps, revoked.id);
    expectErrorEnvelope(await get(path, revoked.key), 401, 'INVALID_API_KEY');

    const expiring = await t.issueKey({
      scopes: ['qibla'],
      permissions: ['read'],
      expiresAt: new Date(now + 60_000).toISOString(),
    });
    expect((await get(path, expiring.key)).status).to.equal(200);
    now += 61_000;
    expectErrorEnvelope(await get(path, expiring.key), 401, 'EXPIRED_API_KEY');
  });

  it('refuses a cached answer to a key without its scope, and to no key, in the route’s own words', async () => {
    const path = '/api/v1/qibla?lat=21.4&lng=39.8';
    expect((await get(path)).status).to.equal(200);
    const other = await t.issueKey({ scopes: ['hadith'], permissions: ['read'] });
    expectErrorEnvelope(await get(path, other.key), 403, 'INSUFFICIENT_SCOPE');
    expectErrorEnvelope(await request(t.app).get(path), 401, 'MISSING_API_KEY');
  });

  it('computes afresh an answer that takes today from the clock once its minute has passed', async () => {
    const hijri = await t.issueKey({ scopes: ['hijri'], permissions: ['read'] });
    now = Date.parse('2026-03-20T23:59:30Z');
    const before = await get('/api/v1/hijri', hijri.key);
    expect((await get('/api/v1/hijri', hijri.key)).body).to.deep.equal(before.body);
    now += 60_000;
    const after = await get('/api/v1/hijri', hijri.key);
    expect(after.status).to.equal(200);
    expect(after.body).not.to.deep.equal(before.body);
    expect(after.headers.etag).not.to.equal(before.headers.etag);
  });
});
