import { AppError } from '@islamic-data/core';
import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import request from 'supertest';
import { buildOpenApiDocument, defineRoute, type RouteDefinition } from '../src/index.js';
import { OpenApiResponseValidator, type ObservedResponse } from './openapi-response-validator.js';
import { takeResponseViolations } from './response-validation.js';
import { startTestApp, type TestApp } from './test-app.js';

/** A route whose handler answers what its query asks for, right or deliberately wrong. */
const lyingRoute = defineRoute({
  method: 'get',
  path: '/test-drift',
  resource: null,
  tag: 'Test',
  summary: 'Answers a right or a deliberately wrong response',
  query: Type.Object({ answer: Type.String() }),
  response: Type.Object({ count: Type.Integer(), names: Type.Array(Type.String()) }),
  handle: async ({ query }) => {
    switch (query.answer) {
      case 'extra-field':
        // Long enough (over 1 KiB) to be compressed.
        return { data: { count: 1, names: Array.from({ length: 200 }, (_, i) => `name ${i}`), secret: 'x' } };
      case 'wrong-type':
        return { data: { count: '1', names: [] } };
      case 'undocumented-status':
        return { status: 202, data: { count: 1, names: [] } };
      case 'undocumented-code':
        throw new AppError('CONFLICT', 'A code this route does not document.');
      default:
        return { data: { count: 1, names: ['a'] } };
    }
  },
});

describe('http: every response is validated against the document (the helper itself)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ extraRoutes: [lyingRoute] });
  });
  after(async () => t.close());
  afterEach(() => takeResponseViolations());

  const ask = (answer: string) =>
    request(t.app).get(`/api/v1/test-drift?answer=${answer}`).set('Accept-Encoding', 'gzip');

  it('lets a response that matches its schema through', async () => {
    expect((await ask('right')).status).to.equal(200);
    expect(takeResponseViolations()).to.deep.equal([]);
  });

  it('catches a field the schema does not have', async () => {
    await ask('extra-field');
    expect(takeResponseViolations()).to.satisfy((found: string[]) =>
      found.some((each) => each.includes('/data must NOT have additional properties') && each.includes('secret')),
    );
  });

  it('catches a value of the wrong type', async () => {
    await ask('wrong-type');
    expect(takeResponseViolations().join()).to.contain('/data/count must be integer');
  });

  it('catches a status the operation does not document', async () => {
    await ask('undocumented-status');
    expect(takeResponseViolations().join()).to.contain('status 202 is not documented for GET /api/v1/test-drift');
  });

  it('catches an error code the operation does not document for that status', async () => {
    const response = await ask('undocumented-code');
    expect(response.status).to.equal(409);
    expect(takeResponseViolations().join()).to.contain('status 409 is not documented');
  });

  it('checks compressed responses after decompressing them', async () => {
    const response = await request(t.app).get('/api/v1/test-drift?answer=extra-field').set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).to.equal('gzip');
    expect(takeResponseViolations().join()).to.contain('secret');
  });
});

describe('OpenApiResponseValidator', () => {
  const routes: RouteDefinition[] = [lyingRoute];
  const validator = new OpenApiResponseValidator(buildOpenApiDocument(routes, '1.0.0', {}));
  const observed = (overrides: Partial<ObservedResponse>): ObservedResponse => ({
    method: 'GET',
    path: '/api/v1/test-drift',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: Buffer.from(JSON.stringify({ data: { count: 1, names: [] } })),
    ...overrides,
  });

  it('accepts a documented response', () => {
    expect(validator.problemsWith(observed({}))).to.deep.equal([]);
  });

  it('refuses a response without the envelope, a body that is not JSON, and an undocumented media type', () => {
    expect(validator.problemsWith(observed({ body: Buffer.from('{"count":1,"names":[]}') })).join()).to.contain(
      "must have required property 'data'",
    );
    expect(validator.problemsWith(observed({ body: Buffer.from('<html>') })).join()).to.contain('not JSON');
    expect(validator.problemsWith(observed({ contentType: 'text/html' })).join()).to.contain('Content-Type text/html');
  });

  it('holds unknown paths and wrong methods to the platform envelopes', () => {
    const notFound = Buffer.from(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No route.' } }));
    expect(validator.problemsWith(observed({ path: '/nowhere', status: 404, body: notFound }))).to.deep.equal([]);
    expect(validator.problemsWith(observed({ path: '/nowhere', status: 200 })).join()).to.contain('not an operation');
    const wrong = Buffer.from(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No route.' } }));
    expect(validator.problemsWith(observed({ method: 'PUT', status: 405, body: wrong })).join()).to.contain(
      'code NOT_FOUND on a path it cannot answer',
    );
  });

  it('skips CORS preflights and checks only the status of HEAD', () => {
    expect(validator.problemsWith(observed({ method: 'OPTIONS', status: 204, body: Buffer.alloc(0) }))).to.deep.equal(
      [],
    );
    expect(validator.problemsWith(observed({ method: 'HEAD', body: Buffer.alloc(0) }))).to.deep.equal([]);
    expect(validator.problemsWith(observed({ method: 'HEAD', status: 418 })).join()).to.contain('418');
  });
});
