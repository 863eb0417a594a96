import { startRedis, type RedisServer } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

describe('http: the rate limit in Redis, while Redis is down and once it is back', function () {
  this.timeout(600_000);
  let redis: RedisServer;
  let t: TestApp;
  let key: string;
  before(async () => {
    redis = await startRedis();
    t = await startTestApp({ engine: 'postgres-redis', redisUrl: redis.url, rateLimitPerMinute: 1_000 });
    ({ key } = await t.issueKey());
  });
  after(async () => {
    await t?.close();
    await redis?.stop();
  });
  const qibla = () => request(t.app).get('/api/v1/qibla?lat=51.5&lng=-0.12').set('X-API-Key', key);

  it('answers 503 SERVICE_UNAVAILABLE, never an uncounted 200, and serves again once Redis is back', async () => {
    expect((await qibla()).status).to.equal(200);
    await redis.stop();
    for (let i = 0; i < 3; i++) {
      const refused = await qibla();
      expectErrorEnvelope(refused, 503, 'SERVICE_UNAVAILABLE');
      expect(refused.body.error.message).not.to.contain('redis://');
    }
    // An open endpoint is counted per address: refused the same way.
    expectErrorEnvelope(await request(t.app).get('/api/v1/hijri?date=2026-03-20'), 503, 'SERVICE_UNAVAILABLE');
    await redis.start();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = (await qibla()).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).to.equal(200);
    expect(t.logs.join('')).not.to.contain(redis.url);
  });
});
