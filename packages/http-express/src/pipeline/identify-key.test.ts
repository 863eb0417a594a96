import { createApiKey, type KeyVerification } from '@islamic-data/core';
import { composeTestDependencies, type TestComposition } from '@islamic-data/test-composition';
import { expect } from 'chai';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { keyIdentification } from './identify-key.js';
import type { RequestContext } from './request-context.js';

const aRequest = (headers: Record<string, string | string[]>, rawQuery = ''): RequestContext => ({
  req: { headers } as unknown as IncomingMessage,
  res: {} as ServerResponse,
  requestId: 'test',
  path: '/api/v1/test',
  rawQuery,
  verification: { outcome: 'missing' },
  key: null,
  routeTemplate: '/api/v1/test',
  cache: 'none',
  rateLimited: false,
  versions: undefined,
});

describe('http pipeline: identify the key', () => {
  // Every lookup that reaches the key store, and so the key cache (a real store, observed).
  const lookups: string[] = [];
  let composition: TestComposition;
  let identify: ReturnType<typeof keyIdentification>;
  let key: string;
  before(async () => {
    composition = await composeTestDependencies({ engine: 'in-memory' });
    const { deps } = composition;
    const { findByHash } = deps.stores.keys;
    deps.stores.keys.findByHash = (hash) => {
      lookups.push(hash);
      return findByHash.call(deps.stores.keys, hash);
    };
    identify = keyIdentification(deps);
    ({ key } = await createApiKey(deps, { name: 'Test key', scopes: ['*'], permissions: ['read'] }));
  });
  after(async () => composition.close());

  const outcomeOf = async (ctx: RequestContext, keyInQuery = false): Promise<KeyVerification['outcome']> => {
    await identify(ctx, keyInQuery);
    return ctx.verification.outcome;
  };

  it('reads the X-API-Key header, the first of several', async () => {
    expect(await outcomeOf(aRequest({ 'x-api-key': key }))).to.equal('ok');
    expect(await outcomeOf(aRequest({ 'x-api-key': [key, 'other'] }))).to.equal('ok');
    expect(await outcomeOf(aRequest({}))).to.equal('missing');
  });

  it('takes the key from the query only where the route allows it, without the header, once', async () => {
    expect(await outcomeOf(aRequest({}, `key=${key}`), true)).to.equal('ok');
    expect(await outcomeOf(aRequest({}, `key=${key}`), false)).to.equal('missing');
    expect(await outcomeOf(aRequest({ 'x-api-key': 'not-a-key' }, `key=${key}`), true)).to.equal('invalid');
    expect(await outcomeOf(aRequest({}, `key=${key}&key=${key}`), true)).to.equal('missing');
  });

  it('records where the key was sent, for the access step’s rule on keys in URLs (read-only-feed)', async () => {
    const where = async (ctx: RequestContext, keyInQuery: boolean) => {
      await identify(ctx, keyInQuery);
      return ctx.keySentIn;
    };
    expect(await where(aRequest({}, `key=${key}`), true)).to.equal('query');
    expect(await where(aRequest({ 'x-api-key': key }, `key=${key}`), true)).to.equal('header');
    expect(await where(aRequest({ 'x-api-key': key }), false)).to.equal('header');
    expect(await where(aRequest({}, `key=${key}`), false)).to.equal(null);
  });

  it('looks a key up once, then from the cache while the keys stay the same', async () => {
    lookups.length = 0;
    for (let i = 0; i < 5; i++) expect(await outcomeOf(aRequest({ 'x-api-key': key }))).to.equal('ok');
    expect(lookups.length).to.be.at.most(1);
  });

  it('refuses 1,000 random texts that cannot be keys without one lookup, leaving the key cache as it was', async () => {
    await outcomeOf(aRequest({ 'x-api-key': key }));
    lookups.length = 0;
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-!. ';
    for (let i = 0; i < 1_000; i++) {
      const length = 1 + Math.floor(Math.random() * 60);
      const text = Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
      // One of a key's shapes now and then, with one character it cannot have.
      const presented = i % 10 === 0 ? `idk_${'A'.repeat(31)}!` : text;
      expect(await outcomeOf(aRequest({ 'x-api-key': presented })), presented).to.be.oneOf(['invalid', 'missing']);
    }
    expect(lookups).to.deep.equal([]);
    // The valid key is still answered from the cache.
    expect(await outcomeOf(aRequest({ 'x-api-key': key }))).to.equal('ok');
    expect(lookups).to.deep.equal([]);
  });
});
