import { ManualClock } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

function expectRateLimitHeaders(response: request.Response, remaining?: number): void {
  expect(response.headers['x-ratelimit-limit']).to.equal('100');
  expect(response.headers['x-ratelimit-remaining']).to.match(/^\d+$/);
  expect(response.headers['x-ratelimit-reset']).to.match(/^\d+$/);
  if (remaining !== undefined) expect(response.headers['x-ratelimit-remaining']).to.equal(String(remaining));
}

describe('http: rate limit (fixed 60 s window, 100 per key)', () => {
  // 30 s into a window that ends at 12:01:00 UTC.
  const clock = new ManualClock('2026-06-01T12:00:30.000Z');
  const windowEnd = Date.parse('2026-06-01T12:01:00.000Z') / 1000;
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ clock });
  });
  after(async () => t.close());

  it('answers the 101st request of a key in one window with 429 and Retry-After', async () => {
    const { key } = await t.issueKey();
    for (let i = 1; i <= 100; i++) {
      const response = await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
      expect(response.status).to.equal(200);
      expectRateLimitHeaders(response, 100 - i);
    }
    const limited = await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
    expectErrorEnvelope(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).to.equal('30');
    expect(Number(limited.headers['x-ratelimit-reset'])).to.equal(windowEnd);
    expectRateLimitHeaders(limited, 0);
  });

  it('counts each key apart', async () => {
    const { key } = await t.issueKey();
    const response = await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
    expect(response.status).to.equal(200);
    expectRateLimitHeaders(response, 99);
  });

  it('opens a new window when the old one ends', async () => {
    const { key } = await t.issueKey();
    for (let i = 0; i < 101; i++) await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
    clock.set('2026-06-01T12:01:00.000Z');
    const response = await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
    expect(response.status).to.equal(200);
    expectRateLimitHeaders(response, 99);
    expect(Number(response.headers['x-ratelimit-reset'])).to.equal(windowEnd + 60);
  });

  it('puts the headers on 401, 403, 404 and 200 responses, with the reset in integer seconds', async () => {
    const { key } = await t.issueKey({ scopes: ['hadith'] });
    const { key: qiblaKey } = await t.issueKey({ scopes: ['qibla'] });
    const responses = [
      await request(t.app).get('/api/v1/qibla?lat=1&lng=1'),
      await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key),
      await request(t.app).get('/api/v1/missing').set('X-API-Key', key),
      await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', qiblaKey),
    ];
    expect(responses.map((response) => response.status)).to.deep.equal([401, 403, 404, 200]);
    for (const response of responses) {
      expectRateLimitHeaders(response);
      expect(Number.isInteger(Number(response.headers['x-ratelimit-reset']))).to.equal(true);
    }
  });

  it('limits requests without a valid key per client address, answering 429 once spent', async () => {
    const t2 = await startTestApp({ clock: new ManualClock('2026-06-01T12:00:00.000Z'), rateLimitPerMinute: 5 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await request(t2.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', `idk_guess${i}`)).status,
        );
      }
      expect(statuses).to.deep.equal([401, 401, 401, 401, 401, 429]);
      const { key } = await t2.issueKey();
      expect((await request(t2.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key)).status).to.equal(200);
    } finally {
      await t2.close();
    }
  });
});

describe('http: the client address an anonymous request is counted by', () => {
  const fromClient = (app: TestApp['app'], forwardedFor: string) =>
    request(app).get('/api/v1/translations').set('X-Forwarded-For', forwardedFor);

  it('is the address the proxy named in X-Forwarded-For when TRUST_PROXY trusts the proxy', async () => {
    const t = await startTestApp({ clock: new ManualClock(), rateLimitPerMinute: 2, trustProxy: 'loopback' });
    try {
      for (let i = 0; i < 2; i++) expect((await fromClient(t.app, '203.0.113.7')).status).to.equal(200);
      expectErrorEnvelope(await fromClient(t.app, '203.0.113.7'), 429, 'RATE_LIMITED');
      const other = await fromClient(t.app, '198.51.100.20');
      expect(other.status).to.equal(200);
      expect(other.headers['x-ratelimit-remaining']).to.equal('1');
    } finally {
      await t.close();
    }
  });

  it('is the connection’s own address otherwise, whatever X-Forwarded-For says', async () => {
    const t = await startTestApp({ clock: new ManualClock(), rateLimitPerMinute: 2 });
    try {
      for (let i = 0; i < 2; i++) expect((await fromClient(t.app, `203.0.113.${i}`)).status).to.equal(200);
      expectErrorEnvelope(await fromClient(t.app, '198.51.100.20'), 429, 'RATE_LIMITED');
    } finally {
      await t.close();
    }
  });
});
