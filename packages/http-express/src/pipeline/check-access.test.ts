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
