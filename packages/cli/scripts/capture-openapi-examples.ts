// Captures the examples of /openapi.json from a real server: the compiled CLI imports real data (the
// Quran from quran-json, Bukhari and an-Nawawi's forty from ../shared/data, Tanzil's
// Azerbaijani edition) into a fresh database, `serve` runs as its own process, and one request per
// operation is sent over HTTP. The answers are written to packages/http-express/src/openapi/examples.json,
// which the document reads. The mosque is synthetic (submitted through the API, approved by the CLI).
//
//   node packages/cli/dist/scripts/capture-openapi-examples.js [--data ../shared/data]
import { apiRoutes, operationIdOf } from '@islamic-data/http-express';
import {
  EXAMPLE_REQUESTS,
  serveRawMirror,
  SYNTHETIC_KEY_REQUEST,
  SYNTHETIC_MOSQUE,
  type ExampleRequest,
} from '@islamic-data/test-fixtures';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { runCli, startServerProcess } from '../src/cli-process.js';

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const dataArgument = process.argv.indexOf('--data');
const data = path.resolve(dataArgument > 0 ? process.argv[dataArgument + 1]! : path.join(repository, '../shared/data'));
const output = path.join(repository, 'packages/http-express/src/openapi/examples.json');
/** Arrays in examples keep this many items (or the schema's minItems), so the document stays readable. */
const KEEP_ITEMS = 3;

const folder = mkdtempSync(path.join(tmpdir(), 'islamic-data-examples-'));
const env = { DATABASE_PATH: path.join(folder, 'examples.db'), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '10000' };

async function cli(args: string[]): Promise<string> {
  const result = await runCli(args, env);
  if (result.code !== 0) throw new Error(`islamic-data ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

async function main(): Promise<void> {
  await cli(['db', 'migrate']);
  await cli(['import', 'quran']);
  await cli(['import', 'hadith', '--from', data, '--collections', 'bukhari,nawawi40']);
  await cli(['import', 'quran-translation', '--lang', 'az', '--from', path.join(data, 'quran-az/az.mammadaliyev.xml')]);
  // The words, surah facts and Imla'ei text come only through `import all`: from shared/data served as a raw mirror.
  const mirror = await serveRawMirror();
  try {
    const study = await runCli(['import', 'all', '--datasets', 'quran-words,quran-metadata,quran-imlaei'], {
      ...env,
      DATA_MIRROR: mirror.url,
    });
    if (study.code !== 0) throw new Error(`import all of the Quran study data failed:\n${study.stderr}`);
  } finally {
    await mirror.close();
  }
  const { key } = JSON.parse(
    await cli([
      'keys',
      'create',
      '--name',
      'Examples',
      '--scopes',
      '*',
      '--permissions',
      'read,write,delete',
      '--json',
    ]),
  ) as { key: string };
  const server = await startServerProcess(env);
  try {
    const submitted = await send(server.url, key, { method: 'POST', path: '/mosques', body: SYNTHETIC_MOSQUE });
    const slug = (submitted.body as { data: { slug: string } }).data.slug;
    await cli(['mosques', 'approve', slug, '--lat', '41.0055', '--lng', '28.9768']);
    const asked = await send(server.url, key, { method: 'POST', path: '/key-requests', body: SYNTHETIC_KEY_REQUEST });
    const requestId = (asked.body as { data: { id: string } }).data.id;

    const examples: Record<string, unknown> = {};
    const missing: string[] = [];
    for (const route of apiRoutes) {
      const operationId = operationIdOf(route);
      const spec = EXAMPLE_REQUESTS[operationId];
      if (route.successStatus === 204) continue; // no body to show
      if (!spec) {
        missing.push(operationId);
        continue;
      }
      const request = { ...spec, path: spec.path.replace('{slug}', slug).replace('{requestId}', requestId) };
      const response =
        operationId === 'postMosques'
          ? submitted
          : operationId === 'postKeyRequests'
            ? asked
            : await send(server.url, key, request);
      if (response.status >= 300) throw new Error(`${describe(request)} answered ${response.status}: ${response.text}`);
      const minItems = (route.response as { minItems?: number }).minItems ?? 0;
      const { body, shortened } = shorten(response.body, Math.max(KEEP_ITEMS, minItems));
      examples[operationId] = {
        request: describe(request),
        status: response.status,
        ...(shortened ? { shortened } : {}),
        body: route.produces ? shortenText(response.text) : body,
      };
    }
    const options = { ...(await resolveConfig(output)), filepath: output };
    writeFileSync(output, await format(JSON.stringify(examples), options));
    console.log(`${Object.keys(examples).length} examples written to ${path.relative(repository, output)}`);
    if (missing.length > 0)
      console.log(
        `No example request for: ${missing.join(', ')} (add them to test-fixtures/src/openapi/example-requests.ts)`,
      );
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

const describe = (request: ExampleRequest) => `${request.method ?? 'GET'} /api/v1${request.path}`;

async function send(base: string, key: string, request: ExampleRequest) {
  const response = await fetch(`${base}/api/v1${request.path}`, {
    method: request.method ?? 'GET',
    headers: { 'X-API-Key': key, ...(request.body ? { 'Content-Type': 'application/json' } : {}) },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
  return { status: response.status, text, body: json as unknown };
}

/** Keeps the first `keep` items of the longest array of `data` (top level or one level down), saying so. */
function shorten(body: unknown, keep: number): { body: unknown; shortened?: string } {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (Array.isArray(data) && data.length > keep) {
    return { body: { data: data.slice(0, keep) }, shortened: `first ${keep} of ${data.length} items` };
  }
  const items = (data as { items?: unknown[] } | undefined)?.items;
  if (Array.isArray(items) && items.length > keep) {
    return {
      body: { data: { ...(data as object), items: items.slice(0, keep) } },
      shortened: `first ${keep} of ${items.length} items`,
    };
  }
  return { body };
}

/** An iCalendar feed, cut after its first two events. */
function shortenText(text: string): string {
  const events = text.split('BEGIN:VEVENT');
  return events.length <= 3 ? text : `${events.slice(0, 3).join('BEGIN:VEVENT')}…\r\n`;
}

await main();
