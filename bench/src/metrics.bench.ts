// The cost of METRICS_PORT: two `serve` processes over copies of one database, one with METRICS_PORT and one
// without, measured in interleaved rounds in the same run (small keyed reads, answered from the cache, where the
// observer's share of the work is largest). Prints requests/s with and without, and their ratio (target ≥ 0.95).
// BENCH_DIR keeps the databases (the first start imports the Quran); BENCH_ROUNDS, BENCH_SECONDS, BENCH_CONNECTIONS.
//
//   npm run bench:metrics
import { closedPort } from '@islamic-data/test-fixtures';
import autocannon from 'autocannon';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createReadKey } from './bench-data.js';
import { startServer, stop } from './bench.js';

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

async function rps(url: string, key: string): Promise<number> {
  const result = await autocannon({ url, headers: { 'X-API-Key': key }, connections: CONNECTIONS, duration: SECONDS });
  if (result.errors > 0 || result.non2xx > 0)
    throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return result.requests.average;
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
  const samples = SCENARIOS.map(() => ({ off: [] as number[], on: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, scenario] of SCENARIOS.entries()) {
      // Alternate which goes first, so that neither always runs on a warmer machine.
      const order = (round + i) % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
      for (const which of order) {
        const server = which === 'on' ? on : off;
        samples[i]![which].push(await rps(server.origin + scenario.path, which === 'on' ? onKey : offKey));
      }
    }
    // As Prometheus would, between loads.
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    if (!scraped.ok) throw new Error(`/metrics answered ${scraped.status}`);
    console.log(`round ${round + 1} of ${ROUNDS} done (/metrics: ${(await scraped.text()).length} bytes)`);
  }
  console.log(
    `\n| scenario | req/s without METRICS_PORT | req/s with | ratio (≥ ${TARGET}) |\n| --- | ---: | ---: | ---: |`,
  );
  let met = true;
  for (const [i, scenario] of SCENARIOS.entries()) {
    const [without, withMetrics] = [median(samples[i]!.off), median(samples[i]!.on)];
    const ratio = withMetrics / without;
    met &&= ratio >= TARGET;
    const mark = ratio >= TARGET ? '✓' : '✗';
    console.log(
      `| ${scenario.name} | ${without.toFixed(0)} | ${withMetrics.toFixed(0)} | ${ratio.toFixed(3)} ${mark} |`,
    );
  }
  console.log(`\n${ROUNDS} rounds of ${SECONDS} s at ${CONNECTIONS} connections, medians; ${met ? 'met' : 'NOT met'}.`);
} finally {
  await Promise.all(children.map((child) => stop(child.child)));
  if (!process.env.BENCH_DIR) rmSync(base, { recursive: true, force: true });
}
