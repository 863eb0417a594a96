import {
  InMemoryContentVersions,
  InMemoryRateLimiter,
  ManualClock,
  separateAdmission,
  type ApiKeyRecord,
  type RateLimitPolicy,
} from '@islamic-data/core';
import { aKey } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { requestCounting } from './count-request.js';
import type { RequestContext } from './request-context.js';

/** A real request and response over an unconnected socket, from `address`. */
function aRequest(address: string, key: ApiKeyRecord | null, headers: Record<string, string> = {}) {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: address });
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.headers = headers;
  const res = new ServerResponse(req);
  const written: Buffer[] = [];
  res.end = ((chunk?: Buffer) => {
    if (chunk) written.push(chunk);
    return res;
  }) as typeof res.end;
  const ctx: RequestContext = {
    req,
    res,
    requestId: 'test',
    path: '/api/v1/test',
    rawQuery: '',
    verification: key ? { outcome: 'ok', key } : { outcome: 'invalid' },
    key: null,
    routeTemplate: '/api/v1/test',
    cache: 'none',
    rateLimited: false,
    versions: undefined,
  };
  return { ctx, res, body: () => Buffer.concat(written).toString() };
}

/** The admission of one process: a real limiter and real in-memory versions. */
const admissionOf = (limiter: InMemoryRateLimiter, versions = new InMemoryContentVersions()) =>
  separateAdmission(limiter, versions);

describe('http pipeline: count the request (the rate limit)', () => {
  const clock = new ManualClock('2026-06-01T12:00:10.000Z');
  const trustNone = () => false;
  const trustLoopback = (address: string) => address === '127.0.0.1';

  it('counts a valid key by its id and announces the window on every counted response', async () => {
    const count = requestCounting(
      { admission: admissionOf(new InMemoryRateLimiter({ limit: 2, windowMs: 60_000 })), clock },
      trustNone,
    );
    const { record } = aKey();
    const first = aRequest('10.0.0.1', record);
    expect(await count(first.ctx)).to.equal(true);
    expect(first.ctx.rateLimited).to.equal(false);
    expect(first.res.getHeader('X-RateLimit-Limit')).to.equal('2');
    expect(first.res.getHeader('X-RateLimit-Remaining')).to.equal('1');
    expect(Number(first.res.getHeader('X-RateLimit-Reset')))
      .to.be.a('number')
      .and.above(0);
    // The same key from another address spends the same window.
    expect(await count(aRequest('10.0.0.2', record).ctx)).to.equal(true);
    const third = aRequest('10.0.0.3', record);
    expect(await count(third.ctx)).to.equal(false);
    expect(third.res.statusCode).to.equal(429);
    expect(third.ctx.rateLimited, 'told to the request observer').to.equal(true);
    expect(third.res.getHeader('Retry-After')).to.equal('50');
    expect(JSON.parse(third.body())).to.deep.equal({
      error: { code: 'RATE_LIMITED', message: 'Rate limit of 2 requests per minute exceeded; retry after 50 seconds.' },
    });
  });

  it('counts requests without a valid key by the client address, believing only trusted proxies', async () => {
    const count = requestCounting(
      { admission: admissionOf(new InMemoryRateLimiter({ limit: 1, windowMs: 60_000 })), clock },
      trustLoopback,
    );
    expect(await count(aRequest('10.0.0.9', null).ctx)).to.equal(true);
    expect(await count(aRequest('10.0.0.9', null).ctx)).to.equal(false);
    // Through the trusted proxy, the address it names counts; an untrusted one's header is ignored.
    expect(await count(aRequest('127.0.0.1', null, { 'x-forwarded-for': '10.0.0.10' }).ctx)).to.equal(true);
    expect(await count(aRequest('127.0.0.1', null, { 'x-forwarded-for': '10.0.0.10' }).ctx)).to.equal(false);
    expect(await count(aRequest('10.0.0.9', null, { 'x-forwarded-for': '10.0.0.11' }).ctx)).to.equal(false);
  });

  it('counts a route with a tighter limit per address too, whatever the key, refusing past it', async () => {
    const count = requestCounting(
      { admission: admissionOf(new InMemoryRateLimiter({ limit: 100, windowMs: 60_000 })), clock },
      trustNone,
    );
    const hourly = { limit: 2, windowMs: 3_600_000 };
    const { record } = aKey();
    const allowed = [];
    for (const key of [record, null]) allowed.push(await count(aRequest('10.0.0.7', key).ctx, hourly));
    const third = aRequest('10.0.0.7', null);
    allowed.push(await count(third.ctx, hourly));
    expect(allowed).to.deep.equal([true, true, false]);
    expect(third.res.statusCode).to.equal(429);
    expect(third.res.getHeader('X-RateLimit-Limit')).to.equal('2');
    expect(JSON.parse(third.body()).error.message).to.match(/^Rate limit of 2 requests per hour exceeded/);
    expect(await count(aRequest('10.0.0.8', null).ctx, hourly)).to.equal(true);
    // Without the tighter limit the same address still has its general budget.
    expect(await count(aRequest('10.0.0.7', null).ctx)).to.equal(true);
  });

  it('identifies the key again, counting nothing first, when the keys changed since it was looked up', async () => {
    const versions = new InMemoryContentVersions();
    const limiter = new InMemoryRateLimiter({ limit: 1, windowMs: 60_000 });
    const count = requestCounting({ admission: admissionOf(limiter, versions), clock }, trustNone);
    const { record } = aKey();
    // Looked up at keys version 0 as a valid key; since then the key was revoked (keys version 1).
    const request = aRequest('10.0.0.20', record);
    versions.bump('keys');
    const identified: number[] = [];
    const identifyAgain = async () => {
      request.ctx.verification = { outcome: 'revoked', key: record };
      identified.push((await versions.current()).keys);
      return (await versions.current()).keys;
    };
    expect(await count(request.ctx, undefined, 0, identifyAgain)).to.equal(true);
    expect(identified).to.deep.equal([1]);
    expect(request.ctx.versions?.keys).to.equal(1);
    // Counted once, against the address (a revoked key's bucket is its address): the key's window is untouched.
    expect(await count(aRequest('10.0.0.20', null).ctx)).to.equal(false);
    expect(await count(aRequest('10.0.0.21', record).ctx)).to.equal(true);
  });

  it('gives up re-checking a key whose version moves on every look, and counts it', async () => {
    const versions = new InMemoryContentVersions();
    const policy: RateLimitPolicy = { limit: 10, windowMs: 60_000 };
    const count = requestCounting(
      { admission: admissionOf(new InMemoryRateLimiter(policy), versions), clock },
      trustNone,
    );
    const request = aRequest('10.0.0.30', aKey().record);
    let looks = 0;
    const identifyAgain = async () => {
      looks += 1;
      versions.bump('keys');
      return (await versions.current()).keys - 1;
    };
    expect(await count(request.ctx, undefined, -1, identifyAgain)).to.equal(true);
    expect(looks).to.equal(3);
    expect(request.res.getHeader('X-RateLimit-Remaining')).to.equal('9');
  });
});
