import { AppError, type ApiKeyRecord, type KeyVerification } from '@islamic-data/core';
import { aKey } from '@islamic-data/test-fixtures';
import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { defineRoute, type RouteDefinition } from '../platform/route.js';
import { checkAccess } from './check-access.js';

const guarded: string[] = [];
const aRoute = (overrides: Partial<RouteDefinition>): RouteDefinition =>
  defineRoute({
    method: 'put',
    path: '/test/{locale}',
    resource: 'quran',
    tag: 'Test',
    summary: 'A synthetic route',
    response: Type.Null(),
    guard: ({ params }) => {
      guarded.push(String(params.locale));
      if (params.locale === 'ar') throw new AppError('FORBIDDEN_LOCALE', 'Test: read-only.');
    },
    handle: async () => ({}),
    ...overrides,
  }) as RouteDefinition;

const ok = (record: Partial<ApiKeyRecord>): KeyVerification => ({ outcome: 'ok', key: aKey(record).record });
const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'passed';
  } catch (error) {
    return (error as AppError).code;
  }
};
const decoded = (locale: string) => ({ params: { locale }, undecodable: null });

describe('http pipeline: access (key, scope, permission, guard, in the contract’s order)', () => {
  const route = aRoute({});

  it('refuses in order: no key, then scope, then permission, then the guard', () => {
    expect(codeOf(() => checkAccess(route, { outcome: 'missing' }, decoded('ar')))).to.equal('MISSING_API_KEY');
    expect(codeOf(() => checkAccess(route, { outcome: 'invalid' }, decoded('ar')))).to.equal('INVALID_API_KEY');
    const hadithOnly = ok({ scopes: ['hadith'], permissions: ['read', 'write'] });
    expect(codeOf(() => checkAccess(route, hadithOnly, decoded('ar')))).to.equal('INSUFFICIENT_SCOPE');
    const reader = ok({ scopes: ['quran'], permissions: ['read'] });
    expect(codeOf(() => checkAccess(route, reader, decoded('ar')))).to.equal('INSUFFICIENT_PERMISSION');
    const writer = ok({ scopes: ['quran'], permissions: ['read', 'write'] });
    expect(codeOf(() => checkAccess(route, writer, decoded('ar')))).to.equal('FORBIDDEN_LOCALE');
    expect(checkAccess(route, writer, decoded('tr'))?.scopes).to.deep.equal(['quran']);
  });

  it('names a parameter that does not decode after the key checks, before the guard sees it', () => {
    guarded.length = 0;
    const writer = ok({ permissions: ['read', 'write'] });
    const undecodable = { params: { locale: '%ff' }, undecodable: 'locale' };
    expect(codeOf(() => checkAccess(route, { outcome: 'missing' }, undecodable))).to.equal('MISSING_API_KEY');
    expect(() => checkAccess(route, writer, undecodable)).to.throw(/Path parameter 'locale' is not valid/);
    expect(guarded).to.deep.equal([]);
  });

  it('needs and uses no key on an open route, and runs no guard there', () => {
    guarded.length = 0;
    const open = aRoute({ method: 'get', resource: null });
    expect(checkAccess(open, { outcome: 'invalid' }, decoded('ar'))).to.equal(null);
    expect(checkAccess(open, ok({ permissions: ['read', 'write'] }), decoded('ar'))).to.equal(null);
    expect(guarded).to.deep.equal([]);
  });

  describe("a mosque's own scope (`scopeFromParam`)", () => {
    const mosqueRoute = aRoute({ path: '/mosques/{slug}/schedule', resource: 'mosques', scopeFromParam: 'slug' });
    const unscoped = aRoute({ method: 'post', path: '/mosques', resource: 'mosques' });
    const ownKey = ok({ scopes: ['mosque:test-a'], permissions: ['read', 'write'] });
    const at = (slug: string) => ({ params: { slug }, undecodable: null });

    it("admits `mosque:{slug}` on that mosque's route only", () => {
      expect(checkAccess(mosqueRoute, ownKey, at('test-a'))?.scopes).to.deep.equal(['mosque:test-a']);
      expect(codeOf(() => checkAccess(mosqueRoute, ownKey, at('test-b')))).to.equal('INSUFFICIENT_SCOPE');
      expect(codeOf(() => checkAccess(mosqueRoute, ownKey, at('test-a-2')))).to.equal('INSUFFICIENT_SCOPE');
    });

    it('refuses it on a mosques route without the parameter and on any other resource', () => {
      expect(codeOf(() => checkAccess(unscoped, ownKey, { params: {}, undecodable: null }))).to.equal(
        'INSUFFICIENT_SCOPE',
      );
      const quranRoute = aRoute({ method: 'get', path: '/quran/{slug}', resource: 'quran', scopeFromParam: 'slug' });
      expect(codeOf(() => checkAccess(quranRoute, ownKey, at('test-a')))).to.equal('INSUFFICIENT_SCOPE');
    });

    it('still checks the permission after the scope, and still admits the `mosques` scope', () => {
      const ownReader = ok({ scopes: ['mosque:test-a'], permissions: ['read'] });
      expect(codeOf(() => checkAccess(mosqueRoute, ownReader, at('test-a')))).to.equal('INSUFFICIENT_PERMISSION');
      const anyMosque = ok({ scopes: ['mosques'], permissions: ['read', 'write'] });
      expect(checkAccess(mosqueRoute, anyMosque, at('test-b'))?.scopes).to.deep.equal(['mosques']);
    });
  });
});

describe('http pipeline: access of a key sent in a feed URL (keyInQuery: read-only-feed, CONTRACT §19)', () => {
  const feed = aRoute({ method: 'get', resource: 'prayer-times', keyInQuery: 'read-only-feed', guard: undefined });
  const sent = (scopes: string[], permissions: ApiKeyRecord['permissions']) =>
    ok({ scopes: scopes as ApiKeyRecord['scopes'], permissions });
  const inQuery = (verification: KeyVerification) => () => checkAccess(feed, verification, decoded('x'), 'query');

  it('accepts a key whose scopes are only prayer-times and/or mosque:{slug} and whose permission is only read', () => {
    for (const scopes of [['prayer-times'], ['prayer-times', 'mosque:al-noor'], ['prayer-times', 'mosque:a-1']])
      expect(codeOf(inQuery(sent(scopes, ['read'])))).to.equal('passed');
  });

  it('refuses any other key there with 403 saying why, whichever wider scope or permission it has', () => {
    const refused: [string[], ApiKeyRecord['permissions'], string][] = [
      [['*'], ['read'], 'INSUFFICIENT_SCOPE'],
      [['prayer-times', 'hijri'], ['read'], 'INSUFFICIENT_SCOPE'],
      [['prayer-times', 'mosque:Bad Slug'], ['read'], 'INSUFFICIENT_SCOPE'],
      [['prayer-times'], ['read', 'write'], 'INSUFFICIENT_PERMISSION'],
      [['prayer-times'], ['read', 'delete'], 'INSUFFICIENT_PERMISSION'],
    ];
    for (const [scopes, permissions, code] of refused) {
      expect(codeOf(inQuery(sent(scopes, permissions))), scopes.join()).to.equal(code);
      expect(inQuery(sent(scopes, permissions))).to.throw(
        /cannot be sent in the URL: a key in a calendar URL must be read-only/,
      );
    }
  });

  it('holds only for a key sent in the query string of such a route: the header and other routes are as ever', () => {
    const wide = sent(['*'], ['read', 'write']);
    expect(codeOf(() => checkAccess(feed, wide, decoded('x'), 'header'))).to.equal('passed');
    const plain = aRoute({ method: 'get', resource: 'prayer-times', guard: undefined });
    expect(codeOf(() => checkAccess(plain, wide, decoded('x'), 'query'))).to.equal('passed');
    // The key checks still come first: an unknown key is 401, a key without the route's scope 403 as ever.
    expect(codeOf(inQuery({ outcome: 'invalid' }))).to.equal('INVALID_API_KEY');
    expect(codeOf(inQuery(sent(['hijri'], ['read'])))).to.equal('INSUFFICIENT_SCOPE');
  });
});
