import { approveMosque, importHadithCollection, importQuran, OPERATOR_ACTOR, submitMosque } from '@islamic-data/core';
import { aHadithSource, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { createHash } from 'node:crypto';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { createHttpServer, STATUS_BY_ERROR_CODE } from '../../src/index.js';
import { startTestApp, type TestApp } from '../test-app.js';
import { errorCodesOf, operationsOf, type OpenApiDocument, type Operation } from './openapi-operations.js';
import type { FuzzRequest, KnownValues } from './request-arbitrary.js';

export interface FuzzResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Decoded as its Content-Encoding says. */
  text: string;
}

export interface FuzzTarget {
  operations: Operation[];
  known: KnownValues;
  send(request: FuzzRequest): Promise<FuzzResponse>;
  /** What is wrong with the response to `request` (empty when nothing is). */
  problemsOf(request: FuzzRequest, response: FuzzResponse): string[];
  /** A hash of every stored row an API request could change (keys' last use aside). */
  snapshot(): string;
  /** Log lines of failures the app did not expect. */
  unexpectedFailures(): string[];
  close(): Promise<void>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LEAKS = /\n\s+at |node_modules|SqliteError|SQLITE_|\bselect\b.{1,80}\bfrom\b|\binsert into\b|\.ts:\d+|\.js:\d+/i;

/**
 * The real app over a real SQLite file with a small synthetic Quran, a hadith collection and a mosque,
 * served on a loopback port; the routes come from its own `/openapi.json`.
 */
export async function startFuzzTarget(): Promise<FuzzTarget> {
  const t: TestApp = await startTestApp({ rateLimitPerMinute: 1_000_000_000 });
  await importQuran(t.deps, aSyntheticQuranSource({ languages: ['en'] }));
  await importHadithCollection(t.deps, aHadithSource(5));
  const mosque = await submitMosque(
    t.deps,
    {
      nameEn: 'Test Mosque',
      addressLine1: 'Test street 1',
      city: 'Test city',
      country: 'GB',
      submitterEmail: 'test@example.org',
      lat: 51.5,
      lng: -0.12,
    },
    OPERATOR_ACTOR,
  );
  await approveMosque(t.deps, mosque.slug);
  const keys = await Promise.all([
    t.issueKey({ name: 'Test fuzz all', scopes: ['*'], permissions: ['read', 'write', 'delete'] }),
    t.issueKey({ name: 'Test fuzz reader', scopes: ['*'], permissions: ['read'] }),
    t.issueKey({ name: 'Test fuzz hadith', scopes: ['hadith'], permissions: ['read', 'write'] }),
  ]);

  const server = createHttpServer(t.app, {
    headersTimeoutSeconds: 10,
    requestTimeoutSeconds: 30,
    logger: t.deps.logger,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const document = (await (await fetch(`http://127.0.0.1:${port}/openapi.json`)).json()) as OpenApiDocument;
  const codes = new Set(errorCodesOf(document));

  const sendOnce = (request: FuzzRequest, viaAgent: boolean) =>
    new Promise<FuzzResponse>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.path,
          // Node's client frames no body of a GET unless told its length.
          headers: request.body
            ? { ...request.headers, 'content-length': String(request.body.length) }
            : request.headers,
          ...(viaAgent ? { agent } : { agent: false }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({
              status: response.statusCode!,
              headers: response.headers,
              text: decode(raw, response.headers['content-encoding']),
            });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });

  return {
    operations: operationsOf(document),
    known: {
      // The all-powerful key thrice: most writes should get past the access checks to validation and the stores.
      keys: [keys[0]!.key, keys[0]!.key, keys[0]!.key, keys[1]!.key, keys[2]!.key],
      pathValues: {
        surah: ['1', '2', '3', '114', '115'],
        ayah: ['1', '2', '12'],
        locale: ['en', 'tr', 'ar', 'ar-eg', 'az-musayev'],
        lang: ['en', 'ar', 'tr', 'az'],
        id: ['test-collection', 'bukhari'],
        collection: ['test-collection', 'bukhari'],
        number: ['1', '2', '5', '6', '1a'],
        slug: [mosque.slug, 'missing-mosque'],
        token: ['A'.repeat(43), 'not-a-token'],
      },
    },
    async send(request) {
      try {
        return await sendOnce(request, true);
      } catch {
        // The server may close a kept-alive connection after refusing a body it did not read; ask on a new one.
        return sendOnce(request, false);
      }
    },
    problemsOf(request, response) {
      const problems: string[] = [];
      const { status, text, headers } = response;
      if (status >= 500) problems.push(`status ${status}`);
      if (headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
      if (!headers['x-request-id']) problems.push('no X-Request-Id');
      if ((request.method === 'HEAD' || status === 204 || status === 304) && text !== '')
        problems.push('a body where none belongs');
      // A claim link answers its refusals (403, 410) with pages for the person who opened it, and the key-request
      // form's post (form-encoded, JavaScript off) its refusals with the form showing them.
      const html = /text\/html/.test(String(headers['content-type']));
      const claimPage = /^\/keys\/claim\//i.test(request.path) && html;
      const formPage =
        /^\/api\/v1\/key-requests\/?$/i.test(request.path.split('?')[0]!) &&
        /application\/x-www-form-urlencoded/i.test(String(request.headers['content-type'] ?? '')) &&
        html;
      if ((claimPage || formPage) && !/^<!doctype html>/i.test(text) && request.method !== 'HEAD')
        problems.push(`an HTML refusal that is not a page: ${text.slice(0, 100)}`);
      if (status >= 400 && !claimPage && !formPage) {
        if (request.method !== 'HEAD') problems.push(...envelopeProblems(text, status, codes));
      } else if (status === 200 || status === 201 || status === 202) {
        const json = /json/.test(String(headers['content-type']));
        // The API's successes are `{data}`; /openapi.json and /health are documents of their own.
        const api = request.path.startsWith('/api/');
        if (request.method !== 'HEAD' && api && json && !hasData(text)) problems.push('a success without {data}');
      }
      return problems;
    },
    snapshot: () => snapshotOf(t),
    unexpectedFailures: () => t.logs.filter((line) => line.includes('unexpected failure')),
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

export const isWrite = (request: FuzzRequest) => !READ_METHODS.has(request.method);

function envelopeProblems(text: string, status: number, codes: Set<string>): string[] {
  let body: { error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text);
  } catch {
    return [`status ${status} without a JSON body: ${text.slice(0, 100)}`];
  }
  const problems: string[] = [];
  const keys = Object.keys(body ?? {});
  const errorKeys = Object.keys(body?.error ?? {});
  if (keys.join() !== 'error' || errorKeys.sort().join() !== 'code,message')
    problems.push(`not the envelope: ${text.slice(0, 200)}`);
  const code = String(body?.error?.code);
  if (!codes.has(code)) problems.push(`code ${code} is not in the document's table`);
  else if (STATUS_BY_ERROR_CODE[code as keyof typeof STATUS_BY_ERROR_CODE] !== status)
    problems.push(`code ${code} with status ${status}`);
  if (typeof body?.error?.message !== 'string' || body.error.message === '') problems.push('no message');
  if (LEAKS.test(text)) problems.push(`a stack or SQL in the body: ${text.slice(0, 200)}`);
  return problems;
}

function hasData(text: string): boolean {
  try {
    return Object.keys(JSON.parse(text)).join() === 'data';
  } catch {
    return false;
  }
}

function decode(raw: Buffer, encoding: string | undefined): string {
  if (raw.length === 0) return '';
  if (encoding === 'gzip') return gunzipSync(raw).toString();
  if (encoding === 'br') return brotliDecompressSync(raw).toString();
  if (encoding === 'deflate') return inflateSync(raw).toString();
  return raw.toString();
}

function snapshotOf(t: TestApp): string {
  const sqlite = t.deps.database.sqlite?.sqlite;
  if (!sqlite) throw new Error('The fuzz suite snapshots a SQLite database');
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not in ('api_keys') order by name")
    .all() as { name: string }[];
  const hash = createHash('sha256');
  for (const { name } of tables)
    hash.update(name).update(JSON.stringify(sqlite.prepare(`select * from "${name}"`).raw().all()));
  return hash.digest('hex');
}
