// The soak: `npm run soak -- [seconds]` (default 180). A real `serve` process on a fresh database (the
// Quran imported on its first start) takes mixed keyed reads, conditional reads, writes, whole-edition
// downloads and, from one greedy key, 429s; its RSS is sampled every second. Prints the RSS table and the
// responses by status, and exits 1 on any 5xx or failed request, or RSS growing 10% or more after warm-up.
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, startServerProcess } from '../test/cli-process.js';

const SECONDS = Number(process.argv[2] ?? 180);
const WARM_UP_SECONDS = 60;
const WORKERS = 8;
const RATE_LIMIT = 200;
const NORMAL_KEYS = 32;

const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-soak-'));
const env = { DATABASE_PATH: path.join(dir, 'soak.db'), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) };

const createKey = async (name: string) =>
  (await createKeyWithCli(env, { name, scopes: '*', permissions: 'read,write,delete' })).key;

// The first key alone: it creates and migrates the database, which parallel commands would race to do.
const greedyKey = await createKey('Soak greedy');
const keys = await Promise.all(Array.from({ length: NORMAL_KEYS }, (_, i) => createKey(`Soak ${i}`)));
const server = await startServerProcess(env);
const rssKiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1]);

const byStatus = new Map<number, number>();
let requests = 0;
let failed = 0;
const etags = new Map<string, string>();

/** One request of the mix, chosen by `i`. */
function nextRequest(i: number): { method: string; path: string; key: string; body?: unknown; conditional?: boolean } {
  const key = keys[i % keys.length]!;
  const surah = (i % 114) + 1;
  switch (i % 10) {
    case 0:
    case 1:
      return { method: 'GET', path: `/quran/surahs/${surah}/ayahs/1?translations=en,ru`, key };
    case 2:
      return { method: 'GET', path: `/prayer-times?lat=${(i % 120) - 60}&lng=${(i % 300) - 150}&date=2026-03-20`, key };
    case 3:
      return { method: 'GET', path: `/qibla?lat=${(i % 170) - 85}&lng=${(i % 350) - 175}`, key };
    case 4:
      return { method: 'GET', path: `/hijri?date=2026-0${(i % 9) + 1}-1${i % 10}`, key };
    case 5:
      return { method: 'GET', path: `/quran/surahs/${surah}/ayahs`, key, conditional: true };
    case 6:
      return {
        method: 'PUT',
        path: `/quran/surahs/2/ayahs/${(i % 286) + 1}/translations/tr`,
        key,
        body: { text: `Soak ${i}` },
      };
    case 7:
      return {
        method: 'PATCH',
        path: `/quran/surahs/3/ayahs/${(i % 200) + 1}`,
        key,
        body: { notes: `Soak note ${i}` },
      };
    case 8:
      return { method: 'GET', path: i % 50 === 8 ? '/translations/quran/en' : `/translations/quran/ru/${surah}`, key };
    default:
      return { method: 'GET', path: '/quran/surahs', key: greedyKey };
  }
}

async function send(i: number): Promise<void> {
  const request = nextRequest(i);
  const headers: Record<string, string> = { 'X-API-Key': request.key, 'Accept-Encoding': 'gzip' };
  if (request.body) headers['Content-Type'] = 'application/json';
  const etag = request.conditional ? etags.get(request.path) : undefined;
  if (etag) headers['If-None-Match'] = etag;
  try {
    const response = await fetch(`${server.url}/api/v1${request.path}`, {
      method: request.method,
      headers,
      body: request.body ? JSON.stringify(request.body) : undefined,
    });
    await response.arrayBuffer();
    if (request.conditional && response.headers.get('etag')) etags.set(request.path, response.headers.get('etag')!);
    byStatus.set(response.status, (byStatus.get(response.status) ?? 0) + 1);
  } catch {
    failed++;
  }
  requests++;
}

const started = Date.now();
const samples: { second: number; rssKiB: number; requests: number }[] = [];
const sampler = setInterval(() => {
  samples.push({ second: Math.round((Date.now() - started) / 1000), rssKiB: rssKiB(), requests });
}, 1000);
let next = 0;
await Promise.all(
  Array.from({ length: WORKERS }, async () => {
    while (Date.now() - started < SECONDS * 1000) await send(next++);
  }),
);
clearInterval(sampler);
await server.stop();
rmSync(dir, { recursive: true, force: true });

const at = (second: number) => samples.find((sample) => sample.second >= second) ?? samples.at(-1)!;
const mb = (kib: number) => (kib / 1024).toFixed(1);
const warm = at(Math.min(WARM_UP_SECONDS, SECONDS / 3));
const end = samples.at(-1)!;
const growth = (end.rssKiB - warm.rssKiB) / warm.rssKiB;
console.log(
  `soak: ${SECONDS} s, ${WORKERS} workers, ${requests} requests, ${failed} failed, ${samples.length} RSS samples`,
);
console.log('| second | RSS (MiB) | requests so far |\n| --- | --- | --- |');
for (const second of [10, 60, 120, SECONDS].filter((s, i, all) => s <= SECONDS && all.indexOf(s) === i)) {
  const sample = at(second);
  console.log(`| ${sample.second} | ${mb(sample.rssKiB)} | ${sample.requests} |`);
}
console.log(
  `max RSS ${mb(Math.max(...samples.map((s) => s.rssKiB)))} MiB; ` +
    `growth after warm-up (${warm.second} s → end) ${(growth * 100).toFixed(1)}%`,
);
console.log(
  `statuses: ${[...byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} ${count}`)
    .join(', ')}`,
);
const fiveHundreds = [...byStatus].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
process.exit(fiveHundreds === 0 && failed === 0 && growth < 0.1 ? 0 : 1);
