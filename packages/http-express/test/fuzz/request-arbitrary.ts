import fc from 'fast-check';
import { deflateSync, gzipSync } from 'node:zlib';
import type { Operation, Parameter, Schema } from './openapi-operations.js';

export interface FuzzRequest {
  method: string;
  /** As sent on the request line: ASCII, escapes left as generated (malformed ones included). */
  path: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  /** What the request was made from, for the report of a failing case. */
  operation: string;
}

/** Values the test database holds, so that some requests reach the stores instead of stopping at validation. */
export interface KnownValues {
  keys: string[];
  pathValues: Record<string, string[]>;
}

const JUNK_TEXT = [
  '',
  ' ',
  '-1',
  '0',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '9'.repeat(400),
  '0x1F',
  'null',
  'true',
  '[]',
  '{}',
  'a'.repeat(5_000),
  '٣',
  'ß',
  'İ',
  '😀',
  '\u0000',
  "'; drop table hadiths; --",
  '../../etc/passwd',
  '__proto__',
  'constructor',
];
const RAW_ESCAPES = ['%', '%Z', '%ZZ', '%C0%AE', '%ED%A0%80', '%FF', '%E0%A4%A', '%00', '%2F', '%25', '%F0%9F%98%80'];

const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A JSON value shaped by `schema`: mostly in range, sometimes at or past its edges. */
export function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.jsonValue({ maxDepth: 2 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((each) => valueOf(each, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string'];
  return fc.oneof(...types.map((type) => valueOfType(type, schema, depth)));
}

function valueOfType(type: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
        fc.constantFrom(min, max, min - 1, max + 1, 0, -1, 1e21, Number.MAX_SAFE_INTEGER + 2),
        ...(type === 'number' ? [fc.double({ min, max, noNaN: true })] : []),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, depth + 1), { maxLength: 5 });
    case 'object':
      return objectOf(schema, depth);
    default:
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
        { weight: 1, arbitrary: fc.constantFrom(...JUNK_TEXT) },
        {
          weight: 1,
          arbitrary: fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(schema.maxLength ?? 100)),
        },
      );
  }
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
  return fc.record(Object.fromEntries(properties.map(([name, each]) => [name, valueOf(each, depth + 1)])), {
    requiredKeys: [],
  });
}

/** A query or path value as text: the schema's, a junk one, or one holding raw percent escapes. */
function parameterText(parameter: Parameter, known: string[]): fc.Arbitrary<{ text: string; raw: boolean }> {
  const encoded = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value) => ({ text: textOf(value), raw: false }));
  return fc.oneof(
    { weight: 4, arbitrary: encoded(valueOf(parameter.schema)) },
    { weight: known.length ? 8 : 0, arbitrary: encoded(fc.constantFrom(...(known.length ? known : ['']))) },
    { weight: 2, arbitrary: encoded(fc.constantFrom(...JUNK_TEXT)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...RAW_ESCAPES), fc.string({ unit: 'grapheme-ascii', maxLength: 4 }))
        .map(([escape, rest]) => ({ text: escape + encodeURIComponent(rest), raw: true })),
    },
  );
}

const encode = ({ text, raw }: { text: string; raw: boolean }) => (raw ? text : encodeURIComponent(text));

function queryString(operation: Operation): fc.Arbitrary<string> {
  const parameters = [...operation.queryParams, { name: 'key', schema: {}, required: false }];
  const pair = fc.tuple(
    fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...parameters) }, { weight: 1, arbitrary: anyParameter }),
    fc.constantFrom('', '', '', '[]', '[0]', '[__proto__]', '[a][b]'),
  );
  return fc
    .array(
      pair.chain(([parameter, suffix]) =>
        parameterText(parameter, []).map((value) => `${encodeURIComponent(parameter.name)}${suffix}=${encode(value)}`),
      ),
      { maxLength: 8 },
    )
    .map((pairs) => (pairs.length ? `?${pairs.join('&')}` : ''));
}

const anyParameter = fc
  .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 })
  .map((name) => ({ name, schema: {}, required: false }));

function pathOf(operation: Operation, known: KnownValues): fc.Arbitrary<string> {
  const segments = operation.pathParams.map((parameter) =>
    parameterText(parameter, known.pathValues[parameter.name] ?? []).map(encode),
  );
  const filled = fc.tuple(...segments).map((values) => {
    let index = 0;
    return operation.path.replace(/\{\w+\}/g, () => values[index++]!);
  });
  return fc.oneof(
    { weight: 12, arbitrary: filled },
    { weight: 1, arbitrary: filled.map((path) => `${path}/`) },
    { weight: 1, arbitrary: filled.map((path) => path.toUpperCase()) },
    {
      weight: 1,
      arbitrary: fc
        .array(
          fc.oneof(
            fc.string({ unit: 'grapheme-ascii', maxLength: 6 }).map(encodeURIComponent),
            fc.constantFrom(...RAW_ESCAPES),
          ),
          {
            maxLength: 5,
          },
        )
        .map((parts) => `/api/v1/${parts.join('/')}`),
    },
  );
}

/** Arrays or objects nested thousands deep, at the top or in a field (a recursive walk of the body overflows). */
const deepNesting = fc
  .tuple(
    fc.integer({ min: 100, max: 30_000 }),
    fc.constantFrom('[', '{"a":'),
    fc.constantFrom('', 'text', 'notes', 'tags'),
  )
  .map(([depth, open, field]) => {
    const nested = open.repeat(depth) + (open === '[' ? ']'.repeat(depth) : `1${'}'.repeat(depth)}`);
    return field ? `{"${field}":${nested}}` : nested;
  });

/** Body text: the route's shape, any JSON, or the kinds of bodies that break parsers. */
function bodyText(operation: Operation): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: valueOf(operation.body ?? { type: 'object' }).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"text":', 'nul', '{"a":1,}', "{'text':'x'}", '\uFEFF{}', '') },
    { weight: 1, arbitrary: deepNesting },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"published":true,"isAdmin":true},"text":"Test"}',
        '{"constructor":{"prototype":{"polluted":1}},"text":"Test"}',
        '{"text":"Test","text":"\\ud800"}',
        '{"text":"\\udfff\\ud800"}',
        '{"tags":["\\ud83d"],"notes":"\\ud800"}',
        '{"nameEn":"\\ud800","submitterEmail":"test@example.org"}',
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(60, 70)
        .map((kib) => JSON.stringify({ text: 'Test '.repeat((kib * 1024) / 5), notes: 'x' })),
    },
  );
}

/** Headers, an encoding that may lie about the bytes, and the bytes. */
const encodingAndBody = (text: string) =>
  fc.constantFrom('none', 'gzip', 'gzip-lie', 'deflate', 'deflate-lie', 'br-lie', 'bogus').map((encoding) => {
    const plain = Buffer.from(text);
    switch (encoding) {
      case 'none':
        return { body: plain, encoding: undefined };
      case 'gzip':
        return { body: gzipSync(plain), encoding: 'gzip' };
      case 'deflate':
        return { body: deflateSync(plain), encoding: 'deflate' };
      case 'gzip-lie':
        return { body: plain, encoding: 'gzip' };
      case 'deflate-lie':
        return { body: plain, encoding: 'deflate' };
      case 'br-lie':
        return { body: plain, encoding: 'br' };
      default:
        return { body: plain, encoding: 'x-test-bogus' };
    }
  });

const printable = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength });

/** One random request built from one operation of the document. */
export function requestFor(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const method = fc.oneof(
    { weight: 12, arbitrary: fc.constant(operation.method) },
    { weight: 2, arbitrary: fc.constantFrom('GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE', 'OPTIONS') },
    { weight: 1, arbitrary: fc.constantFrom('PROPFIND', 'TRACE', 'CONNECT-TEST') },
  );
  const key = fc.oneof(
    { weight: 10, arbitrary: fc.constantFrom(...known.keys) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: printable(40).map((text) => `idk_${text}`) },
    { weight: 1, arbitrary: printable(60) },
  );
  const sendsBody = operation.body !== undefined;
  const body = fc.oneof(
    { weight: sendsBody ? 9 : 1, arbitrary: bodyText(operation).chain(encodingAndBody) },
    { weight: sendsBody ? 1 : 6, arbitrary: fc.constant(undefined) },
  );
  return fc
    .record({
      method,
      path: pathOf(operation, known),
      query: queryString(operation),
      key,
      body,
      contentType: fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=latin1',
        'text/plain',
        'application/x-www-form-urlencoded',
        undefined,
      ),
      acceptEncoding: fc.constantFrom(undefined, 'gzip', 'br', 'gzip, deflate, br', '*', 'identity;q=0'),
      ifNoneMatch: fc.option(fc.oneof(printable(30), fc.constant('*')), { nil: undefined }),
      cacheControl: fc.constantFrom(undefined, 'no-cache', 'max-age=0'),
      requestId: fc.option(printable(200), { nil: undefined }),
      origin: fc.constantFrom(undefined, 'https://example.org', 'null'),
      extra: fc.dictionary(
        fc.oneof(
          fc.constantFrom('expect', 'range', 'if-modified-since', 'accept', 'x-forwarded-for', 'forwarded', 'te'),
          fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
        ),
        fc.oneof(printable(60), fc.constantFrom('100-continue', 'test-expectation', 'bytes=0-10', '*/*', 'trailers')),
        { maxKeys: 3 },
      ),
    })
    .map((drawn) => {
      const headers: Record<string, string> = { ...drawn.extra };
      const set = (name: string, value: string | undefined) => value !== undefined && (headers[name] = value);
      set('x-api-key', drawn.key);
      set('accept-encoding', drawn.acceptEncoding);
      set('if-none-match', drawn.ifNoneMatch);
      set('cache-control', drawn.cacheControl);
      set('x-request-id', drawn.requestId);
      set('origin', drawn.origin);
      if (drawn.method === 'OPTIONS') set('access-control-request-method', operation.method);
      if (drawn.body) {
        set('content-type', drawn.contentType);
        set('content-encoding', drawn.body.encoding);
      }
      return {
        method: drawn.method,
        path: drawn.path + drawn.query,
        headers,
        body: drawn.body?.body,
        operation: `${operation.method} ${operation.path}`,
      };
    });
}

/** A request to any operation of the document. */
export const anyRequest = (operations: Operation[], known: KnownValues): fc.Arbitrary<FuzzRequest> =>
  fc.constantFrom(...operations).chain((operation) => requestFor(operation, known));
