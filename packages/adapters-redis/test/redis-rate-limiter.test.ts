import { AppError } from '@islamic-data/core';
import { rateLimiterConformance, sharedRedis, startRedis, type RedisServer } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { closeRedis, connectRedis, redisRateLimiter, untilRedisReady } from '../src/index.js';

describe('Redis rate limiter', function () {
  this.timeout(600_000);
  const clients: Redis[] = [];
  const connect = async (url: string) => {
    const client = connectRedis(url);
    clients.push(client);
    expect(await untilRedisReady(client)).to.equal(true);
    return client;
  };
  let url: string;
  before(async () => {
    url = (await sharedRedis()).url;
  });
  after(async () => {
    await Promise.all(clients.map(closeRedis));
  });

  let suite = 0;
  // A prefix per limiter: every limiter of the run shares one Redis server, as instances do.
  rateLimiterConformance('redis', async (policy) =>
    redisRateLimiter(await connect(url), policy, { keyPrefix: `test-${process.pid}-${++suite}:` }),
  );

  it('counts exactly across clients (as across instances): the limit is spent once, whoever asks', async () => {
    const policy = { limit: 100, windowMs: 60_000 };
    const limiters = await Promise.all([connect(url), connect(url), connect(url)]).then((all) =>
      all.map((client) => redisRateLimiter(client, policy, { keyPrefix: `test-${process.pid}-shared:` })),
    );
    const now = new Date('2026-01-01T00:00:30.000Z');
    const decisions = await Promise.all(
      Array.from({ length: 150 }, (_, i) => limiters[i % limiters.length]!.consume('key_A', now)),
    );
    expect(decisions.filter((decision) => decision.allowed)).to.have.length(100);
    expect(decisions.map((decision) => decision.remaining).sort((a, b) => a - b)).to.deep.equal([
      ...Array(51).fill(0),
      ...Array.from({ length: 99 }, (_, i) => i + 1),
    ]);
  });

  describe('when Redis stops', () => {
    let redis: RedisServer;
    before(async () => {
      redis = await startRedis();
    });
    after(async () => {
      await redis.stop();
    });

    it('refuses with SERVICE_UNAVAILABLE at once, and counts again once Redis is back', async () => {
      const limiter = redisRateLimiter(await connect(redis.url), { limit: 3, windowMs: 60_000 });
      const now = new Date('2026-01-01T00:00:10.000Z');
      expect(await limiter.consume('key_A', now)).to.include({ allowed: true, remaining: 2 });
      await redis.stop();
      const started = Date.now();
      const refused = await limiter.consume('key_A', now).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).to.be.instanceOf(AppError);
      expect((refused as AppError).code).to.equal('SERVICE_UNAVAILABLE');
      expect((refused as AppError).message).not.to.contain('127.0.0.1');
      expect(Date.now() - started).to.be.below(2_500);
      await redis.start();
      const deadline = Date.now() + 10_000;
      let decision;
      while (!decision && Date.now() < deadline) {
        decision = await limiter.consume('key_A', now).catch(() => undefined);
        if (!decision) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      // The restarted Redis is empty: the window is counted afresh.
      expect(decision).to.include({ allowed: true, remaining: 2 });
    });
  });
});
