import type { Clock } from '@islamic-data/core';
import { expect } from 'chai';
import { ApiError, createIslamicDataClient } from '../src/index.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * The system clock moved so that the current one-minute rate-limit window ends `seconds` from the start of the
 * test: a spent window is then answered with `Retry-After: seconds` (or one less), and really opens again then.
 */
function clockWithWindowEndingIn(seconds: number): Clock {
  const now = Date.now();
  const offset = 60_000 - (now % 60_000) - seconds * 1000;
  return { now: () => new Date(Date.now() + offset) };
}

describe('client: retry after a 429 honours Retry-After, against a real server', function () {
  this.timeout(60_000);
  let server: TestServer;
  const qibla = { params: { query: { lat: 21.4, lng: 39.8 } } } as const;
  beforeEach(async () => {
    server = await startTestServer({ clock: clockWithWindowEndingIn(5), rateLimitPerMinute: 2, content: false });
  });
  afterEach(async () => server?.close());

  it('without retry: the 429 is an ApiError with RATE_LIMITED, Retry-After and the rate-limit headers', async () => {
    const api = createIslamicDataClient({ baseUrl: server.url, apiKey: server.key });
    await api.get('/api/v1/qibla', qibla);
    await api.get('/api/v1/qibla', qibla);
    const started = Date.now();
    const error = await api.get('/api/v1/qibla', qibla).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(Date.now() - started).to.be.below(1000);
    expect(error).to.be.instanceOf(ApiError);
    expect(error).to.include({ code: 'RATE_LIMITED', status: 429 });
    const { retryAfterSeconds, rateLimit } = error as ApiError;
    expect(retryAfterSeconds).to.be.within(1, 5);
    expect(rateLimit).to.include({ limit: 2, remaining: 0 });
  });

  it('with retry: waits Retry-After seconds, then the call succeeds in the next window', async () => {
    const api = createIslamicDataClient({ baseUrl: server.url, apiKey: server.key, retry: { attempts: 2 } });
    await api.get('/api/v1/qibla', qibla);
    await api.get('/api/v1/qibla', qibla);
    const refused = createIslamicDataClient({ baseUrl: server.url, apiKey: server.key });
    const retryAfter = ((await refused.get('/api/v1/qibla', qibla).catch((e: unknown) => e)) as ApiError)
      .retryAfterSeconds!;
    const started = Date.now();
    const answer = await api.get('/api/v1/qibla', qibla);
    const waited = (Date.now() - started) / 1000;
    expect(answer.bearing).to.be.a('number');
    expect(waited).to.be.at.least(retryAfter - 0.05);
    expect(waited).to.be.below(retryAfter + 2);
    expect(api.lastRateLimit).to.include({ limit: 2, remaining: 1 });
  });

  it('does not wait longer than maxDelaySeconds, and an abort ends the wait at once', async () => {
    const impatient = createIslamicDataClient({
      baseUrl: server.url,
      apiKey: server.key,
      retry: { attempts: 3, maxDelaySeconds: 0 },
    });
    await impatient.get('/api/v1/qibla', qibla);
    await impatient.get('/api/v1/qibla', qibla);
    const started = Date.now();
    const error = await impatient.get('/api/v1/qibla', qibla).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ApiError).and.include({ code: 'RATE_LIMITED' });
    expect(Date.now() - started).to.be.below(1000);

    const patient = createIslamicDataClient({ baseUrl: server.url, apiKey: server.key, retry: { attempts: 3 } });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('gave up waiting')), 200);
    const aborted = await patient.get('/api/v1/qibla', { ...qibla, signal: controller.signal }).catch((e) => e);
    expect(String(aborted)).to.contain('gave up waiting');
    expect(Date.now() - started).to.be.below(1500);
  });
});
