// The cost of METRICS_PORT: two `serve` processes over copies of one database, one with METRICS_PORT and one
// without, measured in interleaved rounds in the same run (small keyed reads, answered from the cache, where the
// observer's share of the work is largest). Prints requests/s with and without and their ratio, and requests per
// CPU-second of the server process (from /proc: what the server itself spent, which other processes on a shared
// machine disturb far less than wall-clock throughput); the target (≥ 0.95) is judged on the latter.
// BENCH_DIR keeps the databases (the first start imports the Quran); BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS.
//
//   npm run bench:metrics
import { RequestMetrics } from '@islamic-data/cli';
import { closedPort } from '@islamic-data/test-fixtures';
import { EventEmitter } from 'node:events';
import autocannon from 'autocannon';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReadKey } from './bench-data.js';
import { startServer, stop } from './bench.js';
import { cpuSeconds } from './process-cpu.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET = 0.95;
const SCENARIOS = [
  { name: 'GET /qibla (cached)', path: '/api/v1/qibla?lat=21.4225&lng=39.8262' },
  { name: 'GET one ayah (cached)', path: '/api/v1/quran/surahs/2/ayahs/255?translations=en' },
  { name: 'GET /prayer-times (cached)', path: '/api/v1/prayer-times?lat=51.5&lng=-0.12&date=2026-03-20' },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(url: string, key: string, pid: number): Promise<{ rps: number; perCpuSecond: number }> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers: { 'X-API-Key': key }, connections: CONNECTIONS, duration: SECONDS });
  const cpu = cpuSeconds(pid) - cpuBefore;
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rps: result.requests.average, perCpuSecond: result.requests.total / cpu };
}

/**
 * The observer's own cost per request, in isolation: a `finish` listener on a response and the metrics' count of
 * it, against the response alone (nanoseconds, a median of 5 runs of a million).
 */
function observerNanoseconds(): number {
  const metrics = new RequestMetrics();
  // As the pipeline's observeWhenFinished does: a `finish` listener building the report as one object literal.
  const respond = (observe: boolean) => {
    const res = new EventEmitter();
    const started = process.hrtime.bigint();
    if (observe)
      res.once('finish', () =>
        metrics.onRequestFinished({
          routeTemplate: '/api/v1/qibla',
          method: 'GET',
          status: 200,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          cache: 'hit',
          rateLimited: false,
        }),
      );
    res.emit('finish');
  };
  const time = (observe: boolean) => {
    const started = process.hrtime.bigint();
    for (let i = 0; i < 1_000_000; i++) respond(observe);
    return Number(process.hrtime.bigint() - started) / 1_000_000;
  };
  time(true);
  return median(Array.from({ length: 5 }, () => time(true) - time(false)));
}

const base = process.env.BENCH_DIR ? path.resolve(process.env.BENCH_DIR) : mkdtempSync(path.join(tmpdir(), 'bench-'));
const dir = path.join(base, 'metrics-bench');
mkdirSync(dir, { recursive: true });
const [offDb, onDb] = [path.join(dir, 'metrics-off.db'), path.join(dir, 'metrics-on.db')];
const children: Awaited<ReturnType<typeof startServer>>[] = [];
try {
  if (!existsSync(offDb)) {
    // The first start imports the Quran (quran-json); the second database is a copy of the first.
    await createReadKey(offDb, 'bench metrics setup');
    await stop((await startServer(offDb, {})).child);
    copyFileSync(offDb, onDb);
  }
  const [offKey, onKey] = [
    await createReadKey(offDb, 'bench metrics off'),
    await createReadKey(onDb, 'bench metrics on'),
  ];
  const metricsPort = await closedPort();
  const off = await startServer(offDb, { RATE_LIMIT_PER_MINUTE: '1000000' });
  children.push(off);
  const on = await startServer(onDb, { RATE_LIMIT_PER_MINUTE: '1000000', METRICS_PORT: String(metricsPort) });
  children.push(on);
  type Sample = { rps: number; perCpuSecond: number };
  const samples = SCENARIOS.map(() => ({ off: [] as Sample[], on: [] as Sample[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, scenario] of SCENARIOS.entries()) {
      // Alternate which goes first, so that neither always runs on a warmer machine.
      const order = (round + i) % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const which of order) {
        const server = which === 'on' ? on : off;
        const key = which === 'on' ? onKey : offKey;
        samples[i]![which].push(await measure(server.origin + scenario.path, key, server.child.pid!));
      }
    }
    // As Prometheus would, between loads.
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    if (!scraped.ok) throw new Error(`/metrics answered ${scraped.status}`);
    console.log(`round ${round + 1} of ${ROUNDS} done (/metrics: ${(await scraped.text()).length} bytes)`);
  }
  console.log(
    '\n| scenario | req/s without METRICS_PORT | req/s with | ratio | req per CPU-s without | with | ratio (≥ 0.95) |' +
      '\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  let met = true;
  for (const [i, scenario] of SCENARIOS.entries()) {
    const of = (which: 'off' | 'on', field: keyof Sample) => median(samples[i]![which].map((each) => each[field]));
    const [without, withMetrics] = [of('off', 'rps'), of('on', 'rps')];
    const [cpuWithout, cpuWith] = [of('off', 'perCpuSecond'), of('on', 'perCpuSecond')];
    const ratio = cpuWith / cpuWithout;
    met &&= ratio >= TARGET;
    const cells = [without, withMetrics].map((n) => n.toFixed(0)).join(' | ');
    const cpuCells = [cpuWithout, cpuWith].map((n) => n.toFixed(0)).join(' | ');
    const [rpsRatio, mark] = [(withMetrics / without).toFixed(3), ratio >= TARGET ? '✓' : '✗'];
    console.log(`| ${scenario.name} | ${cells} | ${rpsRatio} | ${cpuCells} | ${ratio.toFixed(3)} ${mark} |`);
  }
  console.log(`\n${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections, medians; ${met ? 'met' : 'NOT met'}.`);
  const observer = observerNanoseconds();
  const perRequest = 1e9 / median(samples.flatMap((each) => each.off.map((sample) => sample.perCpuSecond)));
  console.log(
    `The observer in isolation: ${observer.toFixed(0)} ns per request, ` +
      `${((100 * observer) / perRequest).toFixed(2)} % ` +
      `of the ${(perRequest / 1000).toFixed(1)} µs of CPU the server spends on a cached read without METRICS_PORT.`,
  );
} finally {
  await Promise.all(children.map((child) => stop(child.child)));
  if (!process.env.BENCH_DIR) rmSync(base, { recursive: true, force: true });
}
