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
