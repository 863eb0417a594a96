import type { RateLimitPolicy, RateLimiter } from '@islamic-data/core';
import { expect } from 'chai';

export function rateLimiterConformance(
  name: string,
  makeLimiter: (policy: RateLimitPolicy) => Promise<RateLimiter>,
): void {
  describe(`RateLimiter conformance: ${name}`, () => {
    const policy = { limit: 3, windowMs: 60_000 };
    const at = (iso: string) => new Date(iso);
    let limiter: RateLimiter;
    beforeEach(async () => {
      limiter = await makeLimiter(policy);
    });

    it('allows `limit` requests in a window, then refuses, counting down remaining', async () => {
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiter.consume('key_A', at('2026-01-01T00:00:10.000Z')));
      expect(decisions.map((d) => d.allowed)).to.deep.equal([true, true, true, false]);
      expect(decisions.map((d) => d.remaining)).to.deep.equal([2, 1, 0, 0]);
      expect(decisions.every((d) => d.limit === 3)).to.equal(true);
    });

    it('resets at the window boundary, given in whole Unix seconds', async () => {
      const first = await limiter.consume('key_A', at('2026-01-01T00:00:10.500Z'));
      expect(first.resetAt).to.equal(Date.parse('2026-01-01T00:01:00.000Z') / 1000);
      expect(Number.isInteger(first.resetAt)).to.equal(true);
      expect(first.retryAfterSeconds).to.equal(50);
      for (let i = 0; i < 5; i++) await limiter.consume('key_A', at('2026-01-01T00:00:59.000Z'));
      const next = await limiter.consume('key_A', at('2026-01-01T00:01:00.000Z'));
      expect(next).to.include({ allowed: true, remaining: 2 });
    });

    it('counts buckets apart', async () => {
      for (let i = 0; i < 3; i++) await limiter.consume('key_A', at('2026-01-01T00:00:10.000Z'));
      expect((await limiter.consume('ip:127.0.0.1', at('2026-01-01T00:00:10.000Z'))).remaining).to.equal(2);
    });

    it("counts with a policy given for one call (a tighter limit per hour) in that policy's windows", async () => {
      const hourly = { limit: 2, windowMs: 3_600_000 };
      const decisions = [];
      for (const time of ['00:10:00', '00:40:00', '00:59:59'])
        decisions.push(await limiter.consume('submit:ip:127.0.0.1', at(`2026-01-01T${time}.000Z`), hourly));
      expect(decisions.map((d) => d.allowed)).to.deep.equal([true, true, false]);
      expect(decisions[2]).to.include({ limit: 2, remaining: 0, retryAfterSeconds: 1 });
      expect(decisions[0]!.resetAt).to.equal(Date.parse('2026-01-01T01:00:00.000Z') / 1000);
      const nextHour = await limiter.consume('submit:ip:127.0.0.1', at('2026-01-01T01:00:00.000Z'), hourly);
      expect(nextHour).to.include({ allowed: true, remaining: 1 });
      // The limiter's own policy still holds for its own buckets.
      expect(await limiter.consume('ip:127.0.0.1', at('2026-01-01T01:00:00.000Z'))).to.include({ limit: 3 });
    });
  });
}
