import type { Clock } from '@islamic-data/core';
import { expect } from 'chai';
import { ApiError, createIslamicDataClient } from '../src/index.js';
import { startTestServer, type TestServer } from './test-server.js';

/**
 * The system clock moved so that the current one-minute rate-limit window ends `seconds` from now (`windowEndsAt`,
 * in this process's `Date.now()`): a spent window is then answered with `Retry-After: seconds` (or less), and
 * really opens again then.
 */
function clockWithWindowEndingIn(seconds: number): { clock: Clock; windowEndsAt: number } {
  const now = Date.now();
  const offset = 60_000 - (now % 60_000) - seconds * 1000;
  return { clock: { now: () => new Date(Date.now() + offset) }, windowEndsAt: now + seconds * 1000 };
}

describe('client: retry after a 429 honours Retry-After, against a real server', function () {
  this.timeout(60_000);
  let server: TestServer;
  let windowEndsAt: number;
  const qibla = { params: { query: { lat: 21.4, lng: 39.8 } } } as const;
  beforeEach(async () => {
    const moved = clockWithWindowEndingIn(5);
    windowEndsAt = moved.windowEndsAt;
    server = await startTestServer({ clock: moved.clock, rateLimitPerMinute: 2, content: false });
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
    const refused = await createIslamicDataClient({ baseUrl: server.url, apiKey: server.key })
      .get('/api/v1/qibla', qibla)
      .catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(ApiError).and.include({ code: 'RATE_LIMITED' });
    // Retry-After counts whole seconds down, so the wait it asks for ends with the window, not with this probe.
    const answer = await api.get('/api/v1/qibla', qibla);
    const answeredAt = Date.now();
    expect(answer.bearing).to.be.a('number');
    expect(answeredAt, 'answered once the window ended').to.be.at.least(windowEndsAt - 50);
    expect(answeredAt, 'and soon after').to.be.below(windowEndsAt + 2000);
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
