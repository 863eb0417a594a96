import { expect } from 'chai';
import { ApiError, createIslamicDataClient, type IslamicDataClient } from '../src/index.js';
import { EVERY_OPERATION, type Fixture } from './every-operation.js';
import { startTestServer, TEST_COLLECTION, type TestServer } from './test-server.js';

/** The operation ids of the document a server serves. */
async function servedOperationIds(url: string): Promise<string[]> {
  const document = (await (await fetch(`${url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  return Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((operation) => (operation.operationId ? [operation.operationId] : [])),
  );
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('The call succeeded; an ApiError was expected.');
}

describe('client: every operation of the served document through the typed client, on a real server', function () {
  this.timeout(180_000);
  let server: TestServer;
  let api: IslamicDataClient;
  before(async () => {
    server = await startTestServer();
    api = createIslamicDataClient({ baseUrl: `${server.url}/`, apiKey: server.key });
  });
  after(async () => server?.close());

  it('calls each operation once and gets its data', async () => {
    const served = await servedOperationIds(server.url);
    expect(Object.keys(EVERY_OPERATION).sort()).to.deep.equal([...served].sort());
    const fixture: Fixture = { collection: TEST_COLLECTION, approveMosque: (slug) => server.approveMosque(slug) };
    const results: Record<string, unknown> = {};
    for (const [operationId, check] of Object.entries(EVERY_OPERATION)) {
      try {
        results[operationId] = await check(api, fixture);
      } catch (error) {
        throw new Error(`${operationId}: ${String(error)}`, { cause: error });
      }
    }
    // What came back is the unwrapped `data`, or the text of a text answer.
    expect(results.getQibla).to.be.closeTo(119, 1);
    expect(results.getPrayerTimes).to.match(/^\d\d:\d\d$/);
    expect(results.getPrayerTimesCalendar).to.equal(28);
    expect(results.getPrayerTimesCalendarIcs).to.equal('BEGIN:VCALENDAR');
    expect(results.getQuranSurahs).to.equal(114);
    expect(results.getQuranSurahsSurahAyahs).to.equal(4);
    expect(results.getQuranManzilsN).to.be.greaterThan(100);
    expect(results.getQuranSajdas).to.equal(15);
    expect(results.getHadithCollections).to.deep.equal([TEST_COLLECTION]);
    expect(results.getHadithRefs).to.deep.equal([`${TEST_COLLECTION}:1`]);
    expect(results.getMosquesSlug).to.equal(fixture.mosqueSlug);
    expect(results.patchQuranSurahsSurahAyahsAyah).to.deep.equal(['client-test']);
    expect(results.deleteQuranSurahsSurahAyahsAyahTranslationsLocale).to.equal(undefined);
    expect(results.getHealth).to.equal('ok');
    expect([results.postKeyRequests, results.getKeyRequestsId]).to.deep.equal(['pending', 'pending']);
    expect([results.getKeyClaim, results.postKeyClaim]).to.deep.equal([410, 410]);
    expect([results.getQuranRootsRoot, results.getQuranLemmasLemma]).to.deep.equal([404, 404]);
    expect([results.getHadithRandom, results.getHadithHadithOfTheDay]).to.deep.equal([
      TEST_COLLECTION,
      TEST_COLLECTION,
    ]);
    expect(results.getOpenApiDocument).to.have.property('openapi', '3.1.0');
    expect(results.getDocs).to.match(/^<!doctype html>/i);
    // The service pages are outside the rate limit; an API answer carries its headers.
    await api.get('/docs/reference.js');
    expect(api.lastRateLimit).to.deep.equal({ limit: null, remaining: null, reset: null });
    await api.get('/api/v1/quran/sajdas');
    expect(api.lastRateLimit).to.have.property('limit', 1_000_000);
  });

  it('throws an ApiError for a 400, naming the field, with the request id and the rate-limit headers', async () => {
    const error = await failureOf(api.get('/api/v1/qibla', { params: { query: { lat: 91, lng: 0 } } }));
    expect(error).to.include({ code: 'VALIDATION_ERROR', status: 400 });
    expect(error.message).to.contain('lat');
    expect(error.requestId).to.be.a('string').and.not.equal('');
    expect(error.rateLimit.limit).to.equal(1_000_000);
    expect(error.rateLimit.remaining).to.be.a('number');
    expect(error.retryAfterSeconds).to.equal(null);
  });

  it('throws an ApiError for a 404', async () => {
    const error = await failureOf(
      api.get('/api/v1/hadith/collections/{id}', { params: { path: { id: 'no-such-collection' } } }),
    );
    expect(error).to.include({ code: 'NOT_FOUND', status: 404 });
  });

  it('throws an ApiError for a 401: no key, and a key the server does not know', async () => {
    const keyless = createIslamicDataClient({ baseUrl: server.url });
    const missing = await failureOf(keyless.get('/api/v1/qibla', { params: { query: { lat: 1, lng: 1 } } }));
    expect(missing).to.include({ code: 'MISSING_API_KEY', status: 401 });
    const unknown = createIslamicDataClient({ baseUrl: server.url, apiKey: `idk_${'A'.repeat(32)}` });
    const invalid = await failureOf(unknown.get('/api/v1/qibla', { params: { query: { lat: 1, lng: 1 } } }));
    expect(invalid).to.include({ code: 'INVALID_API_KEY', status: 401 });
    // The open endpoints need no key.
    expect(await keyless.get('/api/v1/translations')).to.be.an('array');
  });

  it('aborts a call with its AbortSignal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped by the caller'));
    let caught: unknown;
    try {
      await api.get('/api/v1/quran/surahs', { signal: controller.signal });
    } catch (error) {
      caught = error;
    }
    expect(String(caught)).to.contain('stopped by the caller');
  });
});
