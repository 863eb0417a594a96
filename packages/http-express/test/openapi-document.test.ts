import { Validator } from '@seriousme/openapi-schema-validator';
import { EXAMPLE_REQUESTS } from '@islamic-data/test-fixtures';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { expect } from 'chai';
import request from 'supertest';
import { CAPTURED_EXAMPLES } from '../src/index.js';
import { startTestApp, type TestApp } from './test-app.js';

const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'patch', 'post', 'delete'];

/** Every operation of the document as [path, method, operation]. */
const operationsOf = (document: Json): [string, string, Json][] =>
  Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => [path, method, operation as Json] as [string, string, Json]),
  );

/** Every schema object below `node` that lists properties, with where it is. */
function objectSchemas(node: unknown, at: string, found: [string, Json][] = []): [string, Json][] {
  if (Array.isArray(node)) node.forEach((each, index) => objectSchemas(each, `${at}/${index}`, found));
  else if (node !== null && typeof node === 'object') {
    if ((node as Json).properties && typeof (node as Json).properties === 'object') found.push([at, node as Json]);
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'examples' && key !== 'example') objectSchemas(value, `${at}/${key}`, found);
    }
  }
  return found;
}

describe('http: the OpenAPI document tells the truth', () => {
  let t: TestApp;
  let document: Json;
  before(async () => {
    t = await startTestApp();
    document = (await request(t.app).get('/openapi.json')).body;
  });
  after(async () => t.close());

  it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 2)).to.deep.equal([]);
    expect(result.valid).to.equal(true);
    expect(validator.version).to.equal('3.1');
  });

  it('has schemas that ajv compiles in strict mode (JSON Schema 2020-12), and examples that match them', () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true }));
    ajv.addKeyword('errorMessage');
    let examples = 0;
    for (const [path, method, operation] of operationsOf(document)) {
      for (const parameter of operation.parameters ?? []) ajv.compile(parameter.schema);
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
          const validate = ajv.compile(media.schema);
          for (const example of Object.values((media.examples ?? {}) as Record<string, Json>)) {
            examples++;
            if (type !== 'application/json') continue;
            expect(validate(example.value), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).to.equal(
              true,
            );
          }
        }
      }
    }
    expect(examples).to.be.greaterThan(0);
  });

  it('shows each captured example on its operation, each from a request to that operation', () => {
    const operations = new Map(operationsOf(document).map(([path, , operation]) => [operation.operationId, path]));
    for (const [operationId, example] of Object.entries(CAPTURED_EXAMPLES)) {
      const path = operations.get(operationId);
      expect(path, operationId).to.be.a('string');
      const pattern = new RegExp(`^[A-Z]+ ${path!.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/?]+')}(\\?|$)`);
      expect(example.request, operationId).to.match(pattern);
    }
    expect(Object.keys(CAPTURED_EXAMPLES).length).to.be.greaterThan(20);
    // The capture script's requests name operations that exist, and each has its example committed.
    expect(Object.keys(EXAMPLE_REQUESTS).filter((operationId) => !operations.has(operationId))).to.deep.equal([]);
    expect(Object.keys(EXAMPLE_REQUESTS).filter((operationId) => !CAPTURED_EXAMPLES[operationId])).to.deep.equal([]);
  });

  it('closes every object shape of a response: no additionalProperties left open by accident', () => {
    const open = operationsOf(document).flatMap(([path, method, operation]) =>
      objectSchemas(operation.responses, `${method} ${path}`).filter(
        ([, schema]) => schema.additionalProperties === undefined && !isDocumentItself(path),
      ),
    );
    expect(open.map(([at]) => at)).to.deep.equal([]);
  });

  it('documents every error status of every operation with the codes it can carry', () => {
    for (const [path, method, operation] of operationsOf(document)) {
      const statuses = Object.keys(operation.responses).map(Number);
      // Only the API is rate limited; health, the document and the reference are not.
      expect(statuses, `${method} ${path}`).to.include.members(path.startsWith('/api/') ? [429, 500] : [500]);
      // /health's 503 is its own `{status: "unavailable"}`, for load balancers, and a claim link's 403 and 410 are
      // pages for the person who opened it; every other failure is the envelope.
      const ownAnswer = (each: number) =>
        (path === '/health' && each === 503) || (path === '/keys/claim/{token}' && [403, 410].includes(each));
      for (const status of statuses.filter((each) => each >= 400 && !ownAnswer(each))) {
        const codes = operation.responses[status].content['application/json'].schema.properties.error.properties.code;
        expect(codes.enum, `${method} ${path} ${status}`).to.be.an('array').that.is.not.empty;
      }
      if (operation.security?.length) expect(statuses, `${method} ${path}`).to.include.members([401, 403]);
    }
  });

  it('documents every route the app answers', () => {
    const registered = t.app.operations.map((operation) => {
      const [method, path] = operation.split(' ');
      return `${method!.toLowerCase()} ${path}`;
    });
    const documented = operationsOf(document).map(([path, method]) => `${method} ${path}`);
    expect(registered.length).to.be.greaterThan(30);
    expect(registered.filter((route) => !documented.includes(route))).to.deep.equal([]);
    expect(documented.filter((operation) => !registered.includes(operation))).to.deep.equal([]);
  });

  it('answers every documented operation (no phantom routes)', async () => {
    for (const [path, method] of operationsOf(document)) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'surah' || name === 'ayah' ? '1' : 'x'));
      const response = await request(t.app)[method as 'get'](url);
      expect(response.status, `${method} ${url}`).not.to.equal(405);
      expect(response.body?.error?.message ?? '', `${method} ${url}`).not.to.match(/^No route for/);
    }
  });
});

const isDocumentItself = (path: string) => path === '/openapi.json';
