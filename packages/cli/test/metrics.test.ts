import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { seedSyntheticContent } from './content-seed.js';
import { createKeyWithCli, metricsUrlOf, startServerProcess, waitUntil, type ServerProcess } from './cli-process.js';
import { aFreshWindow } from './rate-limit-window.js';

type Families = ReturnType<typeof parsePrometheusTextFormat>;

/**
 * GET /metrics, parsed. The parser folds a labelled histogram's series into one (it reads unlabelled ones only), so
 * its `_count` and `_sum` lines are also read as plain series of their own, from the text without their TYPE line.
 */
async function scrape(url: string): Promise<{ text: string; families: Families }> {
  const response = await fetch(url);
  expect(response.status).to.equal(200);
  expect(response.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const histogramSeries = parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, '')).filter((family) =>
    /_(count|sum)$/.test(family.name),
  );
  return { text, families: [...parsePrometheusTextFormat(text), ...histogramSeries] };
}

/** The value of the series of `name` whose labels include `labels` (0 when there is none). */
function valueOf(families: Families, name: string, labels: Record<string, string>): number {
  const sample = families
    .filter((each) => each.name === name)
    .flatMap((family) => family.metrics)
    .find((each) => Object.entries(labels).every(([label, value]) => each.labels?.[label] === value));
  return Number(sample?.value ?? 0);
}

const LIMIT = 20;
const DASHBOARD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/grafana-dashboard.json');

describe('METRICS_PORT: Prometheus metrics on a listener of their own (CONTRACT §22)', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-metrics-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
  };
  let server: ServerProcess;
  let metricsUrl: string;
  let key: string;
  let spender: string;
  const get = (urlPath: string, apiKey: string) =>
    fetch(`${server.url}${urlPath}`, { headers: { 'X-API-Key': apiKey } }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH);
    key = (await createKeyWithCli(env, { name: 'Metrics reader', scopes: '*', permissions: 'read' })).key;
    spender = (await createKeyWithCli(env, { name: 'Metrics spender', scopes: '*', permissions: 'read' })).key;
    server = await startServerProcess(env);
    metricsUrl = await metricsUrlOf(server);
  });
  after(async () => {
    if (server?.child.exitCode === null) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on its own port, bound to HOST, and answers only GET /metrics', async () => {
    expect(new URL(metricsUrl).hostname).to.equal('127.0.0.1');
    expect(new URL(metricsUrl).port).to.not.equal(new URL(server.url).port);
    expect((await fetch(metricsUrl.replace('/metrics', '/api/v1/qibla'))).status).to.equal(404);
    expect((await fetch(`${server.url}/metrics`, { headers: { 'X-API-Key': key } })).status).to.equal(404);
  });

  it('after known traffic, counts exactly N hits, M misses and K 429s per route template', async () => {
    await aFreshWindow(15_000);
    const before = (await scrape(metricsUrl)).families;
    const ayah = '/api/v1/quran/surahs/{surah}/ayahs/{ayah}';
    // M = 6 misses (six different ayahs), then N = 8 hits (one of them again and again): 14 requests of `key`.
    for (let n = 1; n <= 6; n++) expect(await get(`/api/v1/quran/surahs/2/ayahs/${n}`, key)).to.equal(200);
    for (let n = 1; n <= 8; n++) expect(await get('/api/v1/quran/surahs/2/ayahs/1', key)).to.equal(200);
    // `spender`: LIMIT reads of Qibla (1 miss, LIMIT - 1 hits), then K = 3 refused.
    for (let n = 1; n <= LIMIT; n++) expect(await get('/api/v1/qibla?lat=21.4&lng=39.8', spender)).to.equal(200);
    for (let n = 1; n <= 3; n++) expect(await get('/api/v1/qibla?lat=21.4&lng=39.8', spender)).to.equal(429);
    // An unknown path that holds a key and an e-mail address: counted as unmatched, neither appears.
    expect(await get(`/api/v1/no-such/${spender}/someone@example.org`, key)).to.equal(404);

    const { text, families } = await scrape(metricsUrl);
    const delta = (name: string, labels: Record<string, string>) =>
      valueOf(families, name, labels) - valueOf(before, name, labels);
    const requests = 'islamic_data_http_requests_total';
    const cache = 'islamic_data_cache_requests_total';
    expect(delta(requests, { route: ayah, method: 'GET', status: '200' })).to.equal(14);
    expect(delta(cache, { route: ayah, result: 'miss' })).to.equal(6);
    expect(delta(cache, { route: ayah, result: 'hit' })).to.equal(8);
    expect(delta(requests, { route: '/api/v1/qibla', method: 'GET', status: '200' })).to.equal(LIMIT);
    expect(delta(cache, { route: '/api/v1/qibla', result: 'miss' })).to.equal(1);
    expect(delta(cache, { route: '/api/v1/qibla', result: 'hit' })).to.equal(LIMIT - 1);
    expect(delta(requests, { route: '/api/v1/qibla', method: 'GET', status: '429' })).to.equal(3);
    expect(delta('islamic_data_rate_limited_total', { route: '/api/v1/qibla' })).to.equal(3);
    expect(delta(requests, { route: '(unmatched)', method: 'GET', status: '404' })).to.equal(1);
    // The latency histogram counts every answer of the route once.
    expect(delta('islamic_data_http_request_duration_seconds_count', { route: ayah, method: 'GET' })).to.equal(14);
    expect(
      delta('islamic_data_http_request_duration_seconds_count', { route: '/api/v1/qibla', method: 'GET' }),
    ).to.equal(23);
    // The time waited on the database, by store and method: the six misses read the Quran store.
    const dbCount = 'islamic_data_db_duration_seconds_count';
    expect(
      delta(dbCount, { store: 'quran', method: 'getAyah' }) + delta(dbCount, { store: 'quran', method: 'listAyahs' }),
    ).to.be.at.least(6);
    expect(
      families.some((family) => family.name === dbCount && family.metrics.some((m) => m.labels?.store === 'keys')),
    ).to.equal(true);
    // The seed's imports (a synthetic Quran and a hadith collection), from the audit log.
    expect(valueOf(families, 'islamic_data_imports_total', { kind: 'hadith-collection' })).to.equal(1);
    expect(valueOf(families, 'islamic_data_imports_total', { kind: 'quran-edition' })).to.be.at.least(1);
    const lastImport = valueOf(families, 'islamic_data_last_import_timestamp_seconds', { kind: 'hadith-collection' });
    expect(Date.now() / 1000 - lastImport).to.be.within(0, 600);
    // The process's own metrics are there too, but for the GC histogram (its observer cost a cached read some 6 %).
    expect(families.map((family) => family.name)).to.include.members([
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_total_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_active_handles_total',
      'nodejs_version_info',
    ]);
    expect(families.map((family) => family.name)).not.to.include('nodejs_gc_duration_seconds');

    // No key, e-mail address or path as sent in any label.
    const labelValues = families.flatMap((family) =>
      family.metrics.flatMap((sample) => Object.values(sample.labels ?? {})),
    );
    const routes = new Set(
      families.flatMap((family) =>
        family.metrics.flatMap((sample) => (sample.labels?.route ? [sample.labels.route] : [])),
      ),
    );
    expect([...routes].sort()).to.deep.equal(['(unmatched)', '/api/v1/qibla', ayah].sort());
    const stores = new Set(families.flatMap((family) => family.metrics.map((sample) => sample.labels?.store)));
    for (const store of stores) if (store !== undefined) expect(store).to.match(/^[a-zA-Z]+$/);
    for (const secret of [key, spender, 'someone@example.org', '/api/v1/quran/surahs/2', 'idk_'])
      expect(text, secret).to.not.contain(secret);
    expect(labelValues.filter((value) => /@|idk_|\/\d/.test(value))).to.deep.equal([]);
  });

  it('serves every metric the Grafana dashboard in docs/ asks for', async () => {
    const { text } = await scrape(metricsUrl);
    const asked = new Set(readFileSync(DASHBOARD, 'utf8').match(/\b(islamic_data|process|nodejs)_\w+/g) ?? []);
    expect(asked.size).to.be.greaterThan(4);
    for (const name of asked) expect(text, name).to.match(new RegExp(`^${name}[{ ]`, 'm'));
  });

  it('times the database calls of large answers, which a worker thread builds', async () => {
    await aFreshWindow(15_000);
    const quranCalls = (families: Families) =>
      families
        .filter((family) => family.name === 'islamic_data_db_duration_seconds_count')
        .flatMap((family) => family.metrics)
        .filter((sample) => sample.labels?.store === 'quran')
        .reduce((sum, sample) => sum + Number(sample.value), 0);
    const before = quranCalls((await scrape(metricsUrl)).families);
    expect(await get('/api/v1/quran/surahs/2/ayahs?translations=en', key)).to.equal(200);
    expect(quranCalls((await scrape(metricsUrl)).families)).to.be.above(before);
  });
});

describe('METRICS_PORT with WORKERS=2: the primary sums the workers (prom-client cluster registry)', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-metrics-workers-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    RATE_LIMIT_PER_MINUTE: '1000',
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
    WORKERS: '2',
  };
  let server: ServerProcess;

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH);
    server = await startServerProcess(env);
    const deadline = Date.now() + 60_000;
    while ((server.output().match(/"msg":"listening"/g) ?? []).length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
  });
  after(async () => {
    if (server?.child.exitCode === null) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts every request once, whichever worker answered it', async () => {
    const { key } = await createKeyWithCli(env, { name: 'Metrics workers', scopes: '*', permissions: 'read' });
    const metricsUrl = await metricsUrlOf(server);
    const pids = new Set<string>();
    // One after another: concurrent misses of one answer would each compute it.
    for (let n = 0; n < 40; n++) {
      const response = await fetch(`${server.url}/api/v1/qibla?lat=${n % 10}&lng=1`, { headers: { 'X-API-Key': key } });
      expect(response.status).to.equal(200);
      await response.arrayBuffer();
    }
    const qiblaLines = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"msg":"request"') && line.includes('"path":"/api/v1/qibla"'));
    // Log lines are written asynchronously: wait for all 40.
    await waitUntil(() => qiblaLines().length >= 40, 'the 40 request lines');
    for (const line of qiblaLines()) pids.add(String((JSON.parse(line) as { pid: number }).pid));
    expect(pids.size, 'both workers answered').to.equal(2);
    const { families } = await scrape(metricsUrl);
    const requests = { route: '/api/v1/qibla', method: 'GET', status: '200' };
    expect(valueOf(families, 'islamic_data_http_requests_total', requests)).to.equal(40);
    // Each worker keeps its own answers: 10 different places, so 10 to 20 misses and the rest hits.
    const misses = valueOf(families, 'islamic_data_cache_requests_total', { route: '/api/v1/qibla', result: 'miss' });
    const hits = valueOf(families, 'islamic_data_cache_requests_total', { route: '/api/v1/qibla', result: 'hit' });
    expect(misses + hits).to.equal(40);
    expect(misses).to.be.within(10, 20);
  });
});
