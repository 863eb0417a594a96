// Places by name (issue 27): lookups per second of the city index in process (`city`, `/cities?q=`), and the
// cost of `city=` on a cached GET /prayer-times answer through the whole app, as a ratio to the same answer
// asked by `lat`,`lng` in the same rounds (target: the city lookup adds < 5 %).
// Run: npm run bench:cities   (after npm run setup)
import { geoNamesCityDirectory } from '@islamic-data/sources';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { requestsPerSecond, startBenchServers } from './measure.js';

const NAMES = [
  'Istanbul',
  'baku',
  'Bakı',
  'Makkah',
  'Cairo',
  'Jakarta',
  'Karachi',
  'Dhaka',
  'Kuala Lumpur',
  'Tashkent',
];
const PREFIXES = ['Ist', 'ba', 'Mak', 'Cai', 'Jak', 'kar', 'Dh', 'kual', 'Tas', 'almat'];

const directory = geoNamesCityDirectory();
// The load as `serve` does it (a worker thread): its time, the process's memory before, at its peak and after, and
// the longest the event loop was held meanwhile (sampled every 10 ms).
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
// The same delay measured over two idle seconds first: on a shared machine the scheduler alone delays the loop.
const idle = monitorEventLoopDelay({ resolution: 10 });
idle.enable();
await new Promise((resolve) => setTimeout(resolve, 2_000));
idle.disable();
const rssBefore = process.memoryUsage().rss;
const delay = monitorEventLoopDelay({ resolution: 10 });
let rssPeak = rssBefore;
const sampling = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
delay.enable();
const loadStart = performance.now();
await directory.ready();
const loadMs = performance.now() - loadStart;
delay.disable();
clearInterval(sampling);
await new Promise((resolve) => setTimeout(resolve, 500));
const rssAfter = process.memoryUsage().rss;
console.log(`\nGeoNames cities500 index: loaded and indexed in ${loadMs.toFixed(0)} ms in a worker thread`);
console.log(
  `RSS ${megabytes(rssBefore)} MB before, ${megabytes(rssPeak)} MB at the peak of the load, ` +
    `${megabytes(rssAfter)} MB after: +${megabytes(rssAfter - rssBefore)} MB kept`,
);
console.log(
  `event loop during the load: longest delay ${(delay.max / 1e6).toFixed(1)} ms, ` +
    `p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms (sampled every 10 ms; ` +
    `idle for 2 s before: longest ${(idle.max / 1e6).toFixed(1)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms)`,
);

/** Calls per second of `run` over the inputs, for about a second after a warm-up. */
function perSecond(run: (input: string) => unknown, inputs: readonly string[]): number {
  for (let index = 0; index < 10_000; index++) run(inputs[index % inputs.length]!);
  let calls = 0;
  const start = performance.now();
  while (performance.now() - start < 1_000) {
    for (const input of inputs) run(input);
    calls += inputs.length;
  }
  return calls / ((performance.now() - start) / 1_000);
}

const find = perSecond((name) => directory.find(name), NAMES);
const search = perSecond((prefix) => directory.search(prefix, { limit: 10 }), PREFIXES);
console.log(`| lookup (in process) | lookups/s | µs per lookup |`);
console.log(`| --- | ---: | ---: |`);
console.log(`| city=NAME (find) | ${find.toFixed(0)} | ${(1e6 / find).toFixed(2)} |`);
console.log(`| /cities?q=PREFIX (search, limit 10) | ${search.toFixed(0)} | ${(1e6 / search).toFixed(2)} |`);

const targets = await startBenchServers();
try {
  const headers = { 'X-API-Key': targets.key };
  const byName = '/api/v1/prayer-times?city=Istanbul&country=TR&date=2026-03-20';
  const warm = await fetch(targets.app + byName, { headers });
  const { data } = (await warm.json()) as { data: { location: { lat: number; lng: number } } };
  const byPoint = `/api/v1/prayer-times?lat=${data.location.lat}&lng=${data.location.lng}&date=2026-03-20`;
  const cities = '/api/v1/cities?q=Ist';
  const rounds = 8;
  const seconds = 3;
  const paths = { point: byPoint, name: byName, cities };
  // A warm-up of each (the first answers are computed, then kept), then rounds in alternating order: the machine is
  // shared and noisy, so no route always runs first, and the ratio is the median of the rounds' own ratios.
  for (const path of Object.values(paths)) await requestsPerSecond(targets.app + path, headers, 2);
  const measured: Record<keyof typeof paths, number>[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = (Object.keys(paths) as (keyof typeof paths)[]).sort(() => (round % 2 === 0 ? 1 : -1));
    const row = { name: 0, point: 0, cities: 0 };
    for (const which of order) row[which] = await requestsPerSecond(targets.app + paths[which], headers, seconds);
    measured.push(row);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const mean = (which: keyof typeof paths) => measured.reduce((sum, row) => sum + row[which], 0) / rounds;
  const ratio = (which: keyof typeof paths) => median(measured.map((row) => row[which] / row.point));
  console.log(
    `\n| route (through the app, cached answers; ${rounds} rounds) | mean req/s | median ratio to ?lat&lng |`,
  );
  console.log(`| --- | ---: | ---: |`);
  console.log(`| GET /prayer-times?lat&lng | ${mean('point').toFixed(0)} | 1.00 |`);
  console.log(
    `| GET /prayer-times?city=Istanbul&country=TR | ${mean('name').toFixed(0)} | ${ratio('name').toFixed(2)} |`,
  );
  console.log(`| GET /cities?q=Ist | ${mean('cities').toFixed(0)} | ${ratio('cities').toFixed(2)} |`);
  const cost = (1 - ratio('name')) * 100;
  console.log(`\ncity= costs ${cost.toFixed(1)} % of a cached /prayer-times answer (median of rounds; target < 5 %).`);
} finally {
  targets.stop();
}
