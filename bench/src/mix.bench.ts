// `npm run bench:mix` (issue 24): the service under a seeded, realistic mix of requests the way apps send them,
// instead of fixed URLs. Prepares the data as `npm run bench` does (import all from a loopback mirror of
// ../shared/data, 100,000 generated mosques), makes 50 read keys, reads the catalog (what the data holds) and the
// OpenAPI document from a server, generates the mix and checks it covers every operation of the document.
// Then, each in a freshly started server process (cold caches; a run begins once /health answers and the city
// directory has loaded):
//   1. closed loop: MIX_CONNECTIONS clients walk the mix with one shared cursor, in MIX_ROUNDS interleaved rounds,
//      against the service (each engine) and against a raw node:http server replaying the very answers the service
//      gave in the first round (the baseline: what the load generator and this machine allow);
//   2. fixed rate: MIX_RATE req/s for MIX_RATE_SECONDS (latency counted from when each request was due), and
//      MIX_LOW_RATE req/s, where the p99 of small reads (Qibla, Hijri, one ayah) is reported; both rates also against
//      the raw replay, whose latencies are the load generator's own;
//   3. CPU per answer: the server's CPU time (/proc/<pid>/stat) over MIX_CPU_REQUESTS distinct uncached requests of
//      one kind sent one after another, divided by their number (and the same for one cached URL).
// Prints the tables, the peak RSS of each server, the load generator's CPU per request and the machine's busy cores in
// each closed-loop round, the CPU per request the closed loop's target (0.30 of the raw replay) leaves the server
// beside the load generator, and where the closed loop's CPU went (the server's main thread, answer worker and other
// threads; PostgreSQL and Redis); writes JSON (MIX_OUT, default <tmp>/bench-mix-results.json).
//
// Environment: BENCH_ENGINE (sqlite | postgres-redis | compare: both in the same run, with their ratio),
// MIX_REQUESTS (100000), MIX_ROUNDS (3), MIX_SEED (24), MIX_CONNECTIONS (100), MIX_KEYS (50), MIX_RATE (2300),
// MIX_LOW_RATE (600), MIX_RATE_SECONDS (20; 0 skips the fixed-rate runs), MIX_CPU_REQUESTS (1000; 0 skips),
// MIX_MAX_SECONDS (300: no run sends for longer), MOSQUE_COUNT (100000), MIX_SERVER_LOG (append the measured servers'
// log there, e.g. with LOG_LEVEL=warn), BENCH_DIR (reuse a prepared database there), MIX_CPU_PROF=<folder> or the
// flag --cpu-prof (folder <tmp>/bench-mix-profiles): profile the server of the first closed-loop round (node
// --cpu-prof) and print its top self-time frames, and profile the server of the MIX_LOW_RATE run (its file is named).
// MIX_ROUNDS=0 skips the closed loop (and the raw replay, which replays its answers).
import { loadQuranJson } from '@islamic-data/sources';
import { searchWords } from '@islamic-data/core';
import {
  closedPort,
  EXAMPLE_REQUESTS,
  sharedPostgres,
  startRedis,
  type RedisServer,
} from '@islamic-data/test-fixtures';
import { ANSWER_WORKER_NICENESS, CLI_MAIN, runCli, serverMemoryEnv } from '@islamic-data/cli/process';
import { composeServices, loadConfig } from '@islamic-data/cli';
import { createApiKey } from '@islamic-data/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { precomputeAnswersOf } from './bench-data.js';
import { prepare, stop } from './bench.js';
import { topFrames, type TopFrame } from './cpu-profile-top.js';
import {
  checkMix,
  generateMix,
  mixKinds,
  POPULAR_CITIES,
  type MixCatalog,
  type MixRequest,
} from './mix/mix-generator.js';
import {
  closedLoop,
  failedRequests,
  fixedRate,
  replayKey,
  sentRequest,
  summarize,
  type CapturedAnswer,
  type LatencySummary,
  type RunResult,
  type SentRequest,
} from './mix/mix-load.js';
import type { CaptureIndexEntry } from './mix/mix-replay-server.js';
import {
  commandOf,
  cpuSeconds,
  machineTicks,
  processesMatching,
  threadCpuSeconds,
  treeCpuSeconds,
  type ThreadCpu,
} from './process-cpu.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const ENGINE = env.BENCH_ENGINE ?? 'sqlite';
const REQUESTS = Number(env.MIX_REQUESTS ?? 100_000);
const ROUNDS = Number(env.MIX_ROUNDS ?? 3);
const SEED = Number(env.MIX_SEED ?? 24);
const CONNECTIONS = Number(env.MIX_CONNECTIONS ?? 100);
const KEYS = Number(env.MIX_KEYS ?? 50);
const RATE = Number(env.MIX_RATE ?? 2_300);
const LOW_RATE = Number(env.MIX_LOW_RATE ?? 600);
const RATE_SECONDS = Number(env.MIX_RATE_SECONDS ?? 20);
const CPU_REQUESTS = Number(env.MIX_CPU_REQUESTS ?? 1_000);
const MAX_SECONDS = Number(env.MIX_MAX_SECONDS ?? 300);
const OUT = env.MIX_OUT ?? path.join(tmpdir(), 'bench-mix-results.json');
/** The measured servers' log (their stdout, at LOG_LEVEL) is appended there; by default it is dropped. */
const SERVER_LOG = env.MIX_SERVER_LOG;
const PROFILE_DIR =
  env.MIX_CPU_PROF || process.argv.includes('--cpu-prof')
    ? path.resolve(env.MIX_CPU_PROF || path.join(tmpdir(), 'bench-mix-profiles'))
    : undefined;
/** The small reads whose p99 the 600 req/s run reports, while the large answers of the mix are served. */
const SMALL_READS = ['qibla', 'hijri', 'ayah'];

if (!['sqlite', 'postgres-redis', 'compare'].includes(ENGINE))
  throw new Error(`BENCH_ENGINE must be sqlite, postgres-redis or compare, not ${ENGINE}`);

interface Engine {
  name: 'SQLite' | 'PostgreSQL + Redis';
  env: Record<string, string>;
  /** Before each server start: empties what outlives a server process (Redis). */
  reset(): Promise<void>;
  /** The processes besides the server that work for it (PostgreSQL's postmaster, redis-server), found now. */
  helpers(): number[];
}

/** The CPU profile a stopped server wrote into PROFILE_DIR. */
function profileOf(pid: number): string | undefined {
  const file = readdirSync(PROFILE_DIR!).find((name) => name.includes(`.${pid}.`));
  return file && path.join(PROFILE_DIR!, file);
}

interface FixedRun {
  rate: number;
  measure: RoundMeasure;
  smallReads: LatencySummary;
  /** The requests due in the first START_SECONDS (a fresh server's start) and those due after. */
  start: LatencySummary;
  afterStart: LatencySummary;
}

/** How much of a fixed-rate run counts as the server's start in its output. */
const START_SECONDS = 2;

interface Server {
  origin: string;
  child: ChildProcess;
}

async function startServer(engine: Engine, profileDir?: string): Promise<Server> {
  await engine.reset();
  const port = await closedPort();
  const flags = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
  const child = spawn(process.execPath, [...flags, CLI_MAIN, 'serve'], {
    stdio: ['ignore', SERVER_LOG ? openSync(SERVER_LOG, 'a') : 'ignore', 'inherit'],
    // Started as `npm start` starts it: with glibc's malloc settings (packages/cli/src/memory-env.ts).
    env: {
      ...env,
      ...serverMemoryEnv(env),
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...engine.env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${origin}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (waited > 120_000) throw new Error('the server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await cityDirectoryLoaded(origin);
  return { origin, child };
}

/** The key the readiness probe sends (the first of the mix's keys, once they are made). */
let probeKey: string | undefined;

/**
 * `serve` answers /health at once and loads the city directory in a worker thread meanwhile (a city request waits
 * for it); the runs start once it is loaded, so that they measure the server's answers and not its start.
 */
async function cityDirectoryLoaded(origin: string): Promise<void> {
  if (probeKey === undefined) return;
  const headers = { 'X-API-Key': probeKey };
  for (let waited = 0; waited <= 120_000; waited += 100) {
    const loaded = await fetch(`${origin}/api/v1/cities?q=Ma&limit=1`, { headers }).then(
      (r) => r.ok,
      () => false,
    );
    if (loaded) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the city directory did not load within 2 minutes');
}

const procStatus = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');
/** Peak resident memory of a live process (Linux), in MB. */
const peakRssMb = (pid: number) => Number(/VmHWM:\s+(\d+)/.exec(procStatus(pid))?.[1] ?? Number.NaN) / 1024;
/**
 * What the machine spends on a run besides its server: the load generator's CPU (this process) per answered request
 * and how many cores were busy, over `run`.
 */
async function withMachineCpu<T extends RunResult>(
  run: () => Promise<T>,
): Promise<{ result: T; generatorCpuMs: number; busyCores: number }> {
  const [ticksBefore, generatorBefore] = [machineTicks(), process.cpuUsage()];
  const result = await run();
  const [ticksAfter, generator] = [machineTicks(), process.cpuUsage(generatorBefore)];
  const answered = result.latencies.filter((latency) => !Number.isNaN(latency)).length;
  const busyShare = (ticksAfter.busy - ticksBefore.busy) / Math.max(ticksAfter.total - ticksBefore.total, 1);
  return {
    result,
    generatorCpuMs: (generator.user + generator.system) / 1000 / Math.max(answered, 1),
    busyCores: busyShare * availableParallelism(),
  };
}

interface DeploymentCpu {
  server: number;
  all: number;
  threads: ThreadCpu;
  /** By command: `postgres` (its backends included), `redis-server`. */
  helpers: Record<string, number>;
}

/** CPU seconds of the server (by thread too) and of the processes working for it (by command too). */
function deploymentCpu(server: Server, engine: Engine): DeploymentCpu {
  const threads = threadCpuSeconds(server.child.pid!, ANSWER_WORKER_NICENESS);
  const own = threads.main + threads.answerWorker + threads.otherThreads;
  const helpers: Record<string, number> = {};
  for (const pid of engine.helpers()) {
    const command = commandOf(pid);
    helpers[command] = (helpers[command] ?? 0) + treeCpuSeconds(pid);
  }
  return {
    server: own,
    all: own + Object.values(helpers).reduce((sum, seconds) => sum + seconds, 0),
    threads,
    helpers,
  };
}

/** CPU milliseconds per request between two readings, by thread of the server and by helper. */
function cpuSplitMs(before: DeploymentCpu, after: DeploymentCpu, requests: number): CpuSplit {
  const perRequest = (seconds: number) => (1000 * seconds) / requests;
  const thread = (name: keyof ThreadCpu) => perRequest(after.threads[name] - before.threads[name]);
  const helpers = Object.entries(after.helpers).map(([command, seconds]) => [
    command,
    perRequest(seconds - (before.helpers[command] ?? 0)),
  ]);
  return {
    threads: { main: thread('main'), answerWorker: thread('answerWorker'), otherThreads: thread('otherThreads') },
    helpers: Object.fromEntries(helpers),
  };
}

async function getJson(origin: string, pathname: string, key?: string): Promise<any> {
  const response = await fetch(origin + pathname, { headers: key ? { 'X-API-Key': key } : {} });
  if (!response.ok) throw new Error(`${pathname}: HTTP ${response.status}`);
  return response.json();
}

/** 50 read keys with every scope, as `keys create` makes them (in the SQLite file; `db copy` carries them). */
async function createKeys(databasePath: string, count: number): Promise<string[]> {
  const deps = await composeServices(
    { ...loadConfig({}), databasePath, logLevel: 'warn' },
    { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
  );
  try {
    const keys: string[] = [];
    for (let i = 0; i < count; i++)
      keys.push((await createApiKey(deps, { name: `bench mix ${i}`, scopes: ['*'], permissions: ['read'] })).key);
    return keys;
  } finally {
    await deps.database.close();
  }
}

/** Schedules the mix's mosque pages read: a few published mosques get one, put through the API by their own key. */
const SCHEDULED_MOSQUES = 20;

/** A key that may write the schedules of these mosques only (scopes `mosque:{slug}`), as a mosque's people get. */
async function createMosqueKey(databasePath: string, slugs: string[]): Promise<string> {
  const deps = await composeServices(
    { ...loadConfig({}), databasePath, logLevel: 'warn' },
    { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
  );
  try {
    const scopes = slugs.map((slug) => `mosque:${slug}`);
    return (await createApiKey(deps, { name: 'bench mix mosques', scopes, permissions: ['read', 'write'] })).key;
  } finally {
    await deps.database.close();
  }
}

/** A synthetic schedule per mosque (the same each run, so putting it again changes nothing). */
function scheduleOf(index: number) {
  return {
    method: ['muslim-world-league', 'turkey', 'north-america', 'egyptian'][index % 4],
    madhab: index % 3 === 0 ? 'hanafi' : 'shafi',
    iqama: {
      fajr: { after: 15 + (index % 10) },
      dhuhr: { after: 10 },
      asr: { after: 10 },
      maghrib: { after: 5 },
      isha: { at: `${19 + (index % 3)}:30` },
    },
    jumuah: index % 2 === 0 ? ['13:00'] : ['12:30', '13:30'],
  };
}

async function scheduleMosques(origin: string, databasePath: string, slugs: string[]): Promise<void> {
  const key = await createMosqueKey(databasePath, slugs);
  for (const [index, slug] of slugs.entries()) {
    const response = await fetch(`${origin}/api/v1/mosques/${slug}/schedule`, {
      method: 'PUT',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify(scheduleOf(index)),
    });
    if (!response.ok)
      throw new Error(`PUT /mosques/${slug}/schedule: HTTP ${response.status} ${await response.text()}`);
  }
}

/** The popular cities `/cities` finds by name (the first answer must be that city, within 30 km). */
async function namedCities(origin: string, key: string): Promise<string[]> {
  const found: string[] = [];
  for (const city of POPULAR_CITIES) {
    const [first] = (await getJson(origin, `/api/v1/cities?q=${encodeURIComponent(city.name)}&limit=1`, key)).data as {
      lat: number;
      lng: number;
    }[];
    if (first && Math.hypot(first.lat - city.lat, first.lng - city.lng) < 0.3) found.push(city.name);
  }
  return found;
}

/**
 * What the served data holds, read through the API (and the Quran source, for search words); gives a few mosques
 * their schedules first.
 */
async function readCatalog(origin: string, key: string, databasePath: string): Promise<MixCatalog> {
  const surahs = (await getJson(origin, '/api/v1/quran/surahs', key)).data as { ayahCount: number }[];
  const translations = (await getJson(origin, '/api/v1/translations')).data as {
    resource: string;
    lang: string;
    collection?: string;
  }[];
  const collections = (await getJson(origin, '/api/v1/hadith/collections', key)).data as {
    slug: string;
    total: number;
  }[];
  const hadithBooks: Record<string, string[]> = {};
  for (const { slug } of collections) {
    const books = (await getJson(origin, `/api/v1/hadith/collections/${slug}/books`, key)).data as {
      number: number;
    }[];
    hadithBooks[slug] = books.map((book) => String(book.number));
  }
  const hadithNumbers: Record<string, string[]> = {};
  for (const { slug, total } of collections) {
    const numbers: string[] = [];
    let after: string | null = null;
    // Page by page as an app does (bounded: a collection of `total` hadiths has at most total / 100 + 1 pages).
    for (let page = 0; page <= total / 100 + 1; page++) {
      const query: string = after === null ? '' : `&startAfter=${encodeURIComponent(after)}`;
      const { items, nextStartAfter } = (
        await getJson(origin, `/api/v1/hadith/collections/${slug}/hadiths?limit=100${query}`, key)
      ).data as { items: { number: string }[]; nextStartAfter: string | null };
      numbers.push(...items.map((item) => item.number));
      if (nextStartAfter === null) break;
      after = nextStartAfter;
    }
    hadithNumbers[slug] = numbers;
  }
  const methods = ((await getJson(origin, '/api/v1/prayer-times/methods', key)).data as { id: string }[]).map(
    (method) => method.id,
  );
  const mosqueSlugs: string[] = [];
  for (const tag of [1, 2, 3, 4, 5])
    mosqueSlugs.push(
      ...((await getJson(origin, `/api/v1/mosques?q=tag${tag}&limit=100`, key)).data as { slug: string }[]).map(
        (mosque) => mosque.slug,
      ),
    );
  const scheduledMosques = mosqueSlugs.slice(0, SCHEDULED_MOSQUES);
  await scheduleMosques(origin, databasePath, scheduledMosques);
  const cityNames = await namedCities(origin, key);
  // Search words from the Quran being served: English words of five letters or more, from frequent to rarer, and
  // Arabic words found in a few ayahs.
  const quran = await loadQuranJson();
  const english = quran.translations.find((translation) => translation.edition.lang === 'en')!.texts;
  const counts = new Map<string, number>();
  for (const { text } of english)
    for (const word of new Set(searchWords(text))) if (word.length >= 5) counts.set(word, (counts.get(word) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word);
  const englishTerms = ranked.filter((_, i) => i % 7 === 0).slice(0, 60);
  const arabicCounts = new Map<string, number>();
  for (const { text } of quran.arabic.texts)
    for (const word of new Set(searchWords(text))) arabicCounts.set(word, (arabicCounts.get(word) ?? 0) + 1);
  const arabicTerms = [...arabicCounts]
    .filter(([word, count]) => word.length >= 4 && count >= 2 && count <= 20)
    .map(([word]) => word)
    .filter((_, i) => i % 50 === 0)
    .slice(0, 20);
  const param = (operationId: string, name: 'root' | 'lemma') =>
    decodeURIComponent(
      new RegExp(`/${name === 'root' ? 'roots' : 'lemmas'}/([^?]+)`).exec(EXAMPLE_REQUESTS[operationId]!.path)![1]!,
    );
  return {
    ayahCounts: surahs.map((surah) => surah.ayahCount),
    quranLangs: translations.filter((t) => t.resource === 'quran').map((t) => t.lang),
    hadithCollections: collections.map(({ slug, total }) => ({ slug, total })),
    hadithNumbers,
    hadithBooks,
    hadithDownloads: translations
      .filter((t) => t.resource === 'hadith' && t.collection)
      .map((t) => ({ collection: t.collection!, lang: t.lang })),
    methods,
    quranSearchTerms: [
      ...englishTerms.map((word) => ({ q: word, lang: 'en' })),
      ...englishTerms.slice(0, 10).map((word, i) => ({ q: `${word} ${englishTerms[i + 10]}` })),
      ...arabicTerms.map((word) => ({ q: word, lang: 'ar' })),
    ],
    hadithSearchTerms: englishTerms.slice(0, 40),
    mosqueSlugs,
    scheduledMosques,
    cityNames,
    roots: [param('getQuranRootsRoot', 'root')],
    lemmas: [param('getQuranLemmasLemma', 'lemma')],
  };
}

/** The document's operations that no request of the mix reaches (method and path template). */
function uncovered(document: any, requests: MixRequest[]): string[] {
  const strip = (p: string) => p.replace(/^\/api\/v1(?=\/)/, '');
  const sent = new Set(requests.map((each) => `${each.method} ${strip(each.path.split('?')[0]!)}`));
  const sentList = [...sent];
  const missing: string[] = [];
  for (const [template, operations] of Object.entries(document.paths as Record<string, object>)) {
    const pattern = new RegExp(
      `^${strip(template)
        .replace(/\{[^}]+\}/g, '[^/]+')
        .replace(/\./g, '\\.')}$`,
    );
    for (const method of Object.keys(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const upper = method.toUpperCase();
      if (!sentList.some((line) => line.startsWith(`${upper} `) && pattern.test(line.slice(upper.length + 1))))
        missing.push(`${upper} ${template}`);
    }
  }
  return missing;
}

/** Writes the first round's answers for the replay server: an index (JSON) and the bodies (one file). */
function writeCaptures(file: string, captured: Map<string, CapturedAnswer>): void {
  const index: CaptureIndexEntry[] = [];
  const bodies: Buffer[] = [];
  const offsets = new Map<Buffer, number>();
  let offset = 0;
  for (const [key, answer] of captured) {
    let at = offsets.get(answer.body);
    if (at === undefined) {
      at = offset;
      offsets.set(answer.body, at);
      bodies.push(answer.body);
      offset += answer.body.length;
    }
    index.push({ key, status: answer.status, headers: answer.headers, offset: at, length: answer.body.length });
  }
  writeFileSync(`${file}.json`, JSON.stringify(index));
  writeFileSync(`${file}.bin`, Buffer.concat(bodies));
}

function startReplay(file: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, [path.join(here, 'mix', 'mix-replay-server.js'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the replay server exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, origin: JSON.parse(String(chunk)).origin }));
  });
}

interface RoundMeasure {
  rps: number;
  overall: LatencySummary;
  byKind: Record<string, LatencySummary>;
  /** Requests not answered (a failure or a timeout) and those answered with a 5xx status. */
  errors: number;
  /** The failures (not the 5xx) by their code. */
  errorKinds: Record<string, number>;
  notSent: number;
  seconds: number;
  peakRssMb: number | null;
  /** CPU milliseconds per answered request: of the server, and of the server with PostgreSQL and Redis. */
  serverCpuMs?: number;
  deploymentCpuMs?: number;
  /** CPU milliseconds per answered request of this process: the load generator (the clients, their parsing). */
  generatorCpuMs?: number;
  /** The machine's busy share over the round (/proc/stat), in cores. */
  busyCores?: number;
  /** The server's CPU milliseconds per answered request by thread, and each helper's (PostgreSQL, Redis). */
  cpuSplit?: CpuSplit;
}

interface CpuSplit {
  threads: ThreadCpu;
  helpers: Record<string, number>;
}

function measureOf(result: RunResult, kindOf: Uint8Array, kinds: string[], rss: number | null): RoundMeasure {
  const overall = summarize(result);
  const byKind: Record<string, LatencySummary> = {};
  for (const [k, kind] of kinds.entries()) byKind[kind] = summarize(result, (i) => kindOf[i] === k);
  return {
    rps: overall.answered / Math.max(result.seconds, 1e-9),
    overall,
    byKind,
    errors: failedRequests(result) + result.statuses.filter((status) => status >= 500).length,
    errorKinds: result.errorKinds,
    notSent: result.notSent,
    seconds: result.seconds,
    peakRssMb: rss,
  };
}

const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};
const fmt = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));

/**
 * The requests of one kind a fresh server has never answered: distinct places, dates, ayahs or hadiths. The first
 * `warm` warm the code paths (JIT) and are not counted.
 */
function distinctSmallRequests(kind: string, count: number, catalog: MixCatalog, today: string): MixRequest[] {
  const api = (p: string) => `/api/v1${p}`;
  const make = (i: number): string => {
    const lat = (-55 + ((i * 0.7919) % 110)).toFixed(4);
    const lng = (-175 + ((i * 1.3117) % 350)).toFixed(4);
    switch (kind) {
      case 'prayer-times':
        return api(`/prayer-times?lat=${lat}&lng=${lng}&date=${today}`);
      case 'qibla':
        return api(`/qibla?lat=${lat}&lng=${lng}`);
      case 'hijri':
        return api(`/hijri?date=${new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)}`);
      case 'ayah': {
        let n = (i * 7) % catalog.ayahCounts.reduce((sum, c) => sum + c, 0);
        let surah = 0;
        while (n >= catalog.ayahCounts[surah]!) n -= catalog.ayahCounts[surah++]!;
        return api(`/quran/surahs/${surah + 1}/ayahs/${n + 1}?translations=en`);
      }
      default: {
        const collection = [...catalog.hadithCollections].sort((a, b) => b.total - a.total)[0]!;
        const numbers = catalog.hadithNumbers[collection.slug]!;
        return api(
          `/hadith/collections/${collection.slug}/hadiths/${encodeURIComponent(numbers[i % numbers.length]!)}`,
        );
      }
    }
  };
  return Array.from({ length: count }, (_, i) => ({
    kind,
    method: 'GET',
    path: make(i),
    key: 0,
    compressed: true,
  }));
}

/** One after another over one keep-alive connection; bounded by `maxSeconds`. */
async function sequential(origin: string, requests: SentRequest[], maxSeconds: number): Promise<void> {
  const result = await closedLoop({ origin, requests, maxSeconds, connections: 1 });
  const bad = summarize(result).statuses;
  const failed = failedRequests(result);
  if (failed > 0 || Object.keys(bad).some((status) => status !== '200'))
    throw new Error(`CPU run: ${failed} errors, statuses ${JSON.stringify(bad)}`);
}

interface CpuCost {
  kind: string;
  uncachedMicroseconds: number;
  cachedMicroseconds: number;
  /** The same with the CPU of PostgreSQL and Redis added (the server's alone on SQLite). */
  uncachedDeploymentMicroseconds: number;
  cachedDeploymentMicroseconds: number;
}

async function cpuPerAnswer(engine: Engine, catalog: MixCatalog, keys: string[], today: string): Promise<CpuCost[]> {
  const costs: CpuCost[] = [];
  const warm = 200;
  for (const kind of ['prayer-times', 'qibla', 'hijri', 'ayah', 'hadith']) {
    const server = await startServer(engine);
    try {
      const requests = distinctSmallRequests(kind, warm + CPU_REQUESTS, catalog, today).map((each) =>
        sentRequest(each, keys),
      );
      await sequential(server.origin, requests.slice(0, warm), MAX_SECONDS);
      const perRequest = (before: { server: number; all: number }) => {
        const after = deploymentCpu(server, engine);
        return [(after.server - before.server) / CPU_REQUESTS, (after.all - before.all) / CPU_REQUESTS];
      };
      let before = deploymentCpu(server, engine);
      await sequential(server.origin, requests.slice(warm), MAX_SECONDS);
      const [uncached, uncachedAll] = perRequest(before);
      const one = requests[warm]!;
      before = deploymentCpu(server, engine);
      await sequential(
        server.origin,
        Array.from({ length: CPU_REQUESTS }, () => one),
        MAX_SECONDS,
      );
      const [cached, cachedAll] = perRequest(before);
      costs.push({
        kind,
        uncachedMicroseconds: uncached! * 1e6,
        cachedMicroseconds: cached! * 1e6,
        uncachedDeploymentMicroseconds: uncachedAll! * 1e6,
        cachedDeploymentMicroseconds: cachedAll! * 1e6,
      });
    } finally {
      await stop(server.child);
    }
  }
  return costs;
}

async function main(): Promise<void> {
  const started = performance.now();
  const dir = env.BENCH_DIR ? path.resolve(env.BENCH_DIR) : mkdtempSync(path.join(tmpdir(), 'bench-mix-'));
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), 'bench-mix-work-'));
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const children: ChildProcess[] = [];
  let redis: RedisServer | undefined;
  try {
    const databasePath = await prepare(dir);
    const keys = await createKeys(databasePath, KEYS);
    probeKey = keys[0];
    const sqlite: Engine = {
      name: 'SQLite',
      env: { DATABASE_PATH: databasePath },
      reset: async () => undefined,
      helpers: () => [],
    };
    // The catalog and the document, from a server that is then stopped (the measured ones start cold), before
    // PostgreSQL gets its copy of the database: the mosques' schedules are in both.
    const catalogServer = await startServer(sqlite);
    let catalog: MixCatalog;
    let document: any;
    try {
      catalog = await readCatalog(catalogServer.origin, keys[0]!, databasePath);
      document = await getJson(catalogServer.origin, '/openapi.json');
    } finally {
      await stop(catalogServer.child);
    }
    const engines: Engine[] = [];
    if (ENGINE !== 'postgres-redis') engines.push(sqlite);
    if (ENGINE !== 'sqlite') {
      const postgres = await sharedPostgres();
      redis = await startRedis();
      const url = await postgres.createDatabase();
      const copied = await runCli(['db', 'copy', '--to', url, '--json'], {
        DATABASE_PATH: databasePath,
        LOG_LEVEL: 'warn',
      });
      if (copied.code !== 0) throw new Error(`db copy failed:\n${copied.stderr}`);
      await precomputeAnswersOf({ DATABASE_URL: url });
      const running = redis;
      const [postgresPort, redisPort] = [new URL(postgres.baseUrl).port, new URL(redis.url).port];
      engines.push({
        name: 'PostgreSQL + Redis',
        env: { DATABASE_URL: url, REDIS_URL: redis.url },
        // A fresh server on an empty Redis: nothing cached or counted survives from the round before.
        reset: async () => {
          await running.stop();
          await running.start();
        },
        helpers: () =>
          processesMatching(
            (line) =>
              (/\/postgres -D /.test(line) && line.includes(` -p ${postgresPort} `)) ||
              (/redis-server( |$)/.test(line.split(' ')[0]!) &&
                (line.includes(`:${redisPort}`) || line.includes(` ${redisPort} `))),
          ),
      });
    }

    const today = new Date().toISOString().slice(0, 10);
    const mixOptions = { count: REQUESTS, seed: SEED, today, keys: KEYS };
    const mix = generateMix(catalog, mixOptions);
    const failures = checkMix(catalog, mixOptions, mix);
    if (failures.length > 0) throw new Error(`the mix generator fails its checks:\n${failures.join('\n')}`);
    const kinds = mixKinds(catalog);
    const kindOf = Uint8Array.from(mix, (each) => kinds.indexOf(each.kind));
    const missing = uncovered(document, mix);
    console.log(
      `mix: ${REQUESTS} requests (seed ${SEED}, ${KEYS} keys, ${kinds.length} kinds), ` +
        `${((100 * mix.filter((each) => each.compressed).length) / mix.length).toFixed(0)} % with gzip, br; ` +
        (missing.length === 0
          ? 'every operation of /openapi.json is covered.'
          : `operations of /openapi.json not covered: ${missing.join(', ')}`),
    );
    const sent = mix.map((each) => sentRequest(each, keys));

    // 1. Closed loop, interleaved rounds: each engine on a fresh server, then the raw replay.
    const captured = new Map<string, CapturedAnswer>();
    const captureKeyOf = (i: number) =>
      replayKey(sent[i]!.method, sent[i]!.path, sent[i]!.headers['x-api-key'], sent[i]!.headers['accept-encoding']);
    let replay: { child: ChildProcess; origin: string } | undefined;
    const closed: Record<string, RoundMeasure[]> = Object.fromEntries(
      [...engines.map((engine) => engine.name), 'raw replay'].map((name) => [name, []]),
    );
    let profileFile: string | undefined;
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? engines : [...engines].reverse();
      for (const engine of order) {
        const profiled = PROFILE_DIR !== undefined && round === 0 && engine === engines[0];
        const server = await startServer(engine, profiled ? PROFILE_DIR : undefined);
        children.push(server.child);
        const capture =
          replay === undefined && engine === engines[0]
            ? {
                wants: (i: number) => !captured.has(captureKeyOf(i)),
                take: (i: number, answer: CapturedAnswer) => captured.set(captureKeyOf(i), answer),
              }
            : undefined;
        const cpuBefore = deploymentCpu(server, engine);
        const { result, generatorCpuMs, busyCores } = await withMachineCpu(() =>
          closedLoop({
            origin: server.origin,
            requests: sent,
            connections: CONNECTIONS,
            maxSeconds: MAX_SECONDS,
            capture,
          }),
        );
        const cpuAfter = deploymentCpu(server, engine);
        const measure = measureOf(result, kindOf, kinds, peakRssMb(server.child.pid!));
        measure.serverCpuMs = (1000 * (cpuAfter.server - cpuBefore.server)) / measure.overall.answered;
        measure.deploymentCpuMs = (1000 * (cpuAfter.all - cpuBefore.all)) / measure.overall.answered;
        const cpuSplit = cpuSplitMs(cpuBefore, cpuAfter, measure.overall.answered);
        Object.assign(measure, { generatorCpuMs, busyCores, cpuSplit });
        closed[engine.name]!.push(measure);
        await stop(server.child);
        if (profiled) profileFile = profileOf(server.child.pid!);
        log(round, engine.name, closed[engine.name]!.at(-1)!);
      }
      if (!replay) {
        const file = path.join(work, 'captures');
        writeCaptures(file, captured);
        captured.clear(); // the bodies are in the replay server now; the load generator keeps a small heap
        replay = await startReplay(file);
        children.push(replay.child);
      }
      const replayCpuBefore = cpuSeconds(replay.child.pid!);
      const replayed = await withMachineCpu(() =>
        closedLoop({ origin: replay!.origin, requests: sent, connections: CONNECTIONS, maxSeconds: MAX_SECONDS }),
      );
      const raw = measureOf(replayed.result, kindOf, kinds, null);
      raw.serverCpuMs = (1000 * (cpuSeconds(replay.child.pid!) - replayCpuBefore)) / raw.overall.answered;
      Object.assign(raw, { generatorCpuMs: replayed.generatorCpuMs, busyCores: replayed.busyCores });
      closed['raw replay']!.push(raw);
      log(round, 'raw replay', raw);
    }
    // 2. Fixed rates: each engine on a fresh server, then the raw replay (the latencies of the load generator alone).
    const fixed: Record<string, FixedRun[]> = {};
    const smallIndexes = new Set(SMALL_READS.map((kind) => kinds.indexOf(kind)));
    const atFixedRate = async (name: string, origin: string, rate: number, pid?: number) => {
      const result = await fixedRate({
        origin,
        requests: sent,
        rate,
        maxSeconds: RATE_SECONDS,
        connections: CONNECTIONS * 2,
      });
      const measure = measureOf(result, kindOf, kinds, pid === undefined ? null : peakRssMb(pid));
      const smallReads = summarize(result, (i) => smallIndexes.has(kindOf[i]!));
      const start = summarize(result, (i) => i < rate * START_SECONDS);
      const afterStart = summarize(result, (i) => i >= rate * START_SECONDS);
      (fixed[name] ??= []).push({ rate, measure, smallReads, start, afterStart });
      console.log(
        `fixed ${rate} req/s on ${name}: ${fmt(measure.rps)} achieved, p50 ${ms(measure.overall.p50)} ms, ` +
          `p99 ${ms(measure.overall.p99)} ms, small reads p99 ${ms(smallReads.p99)} ms, ` +
          `${measure.errors} errors${kindsOf(measure)}, ${measure.notSent} not sent; ` +
          `p50/p99 of the first ${START_SECONDS} s ${ms(start.p50)}/${ms(start.p99)} ms, ` +
          `after ${ms(afterStart.p50)}/${ms(afterStart.p99)} ms`,
      );
    };
    if (RATE_SECONDS > 0) {
      for (const engine of engines)
        for (const rate of [RATE, LOW_RATE]) {
          const profiled = PROFILE_DIR !== undefined && rate === LOW_RATE && engine === engines[0];
          const server = await startServer(engine, profiled ? PROFILE_DIR : undefined);
          children.push(server.child);
          await atFixedRate(engine.name, server.origin, rate, server.child.pid!);
          await stop(server.child);
          if (profiled) console.log(`profile of the ${rate} req/s server: ${profileOf(server.child.pid!)}`);
        }
      if (replay) for (const rate of [RATE, LOW_RATE]) await atFixedRate('raw replay', replay.origin, rate);
    }
    if (replay) await stop(replay.child);

    // 3. CPU per small answer, uncached and cached.
    const cpu: Record<string, CpuCost[]> = {};
    if (CPU_REQUESTS > 0)
      for (const engine of engines) cpu[engine.name] = await cpuPerAnswer(engine, catalog, keys, today);

    const frames: TopFrame[] = profileFile ? topFrames(profileFile, 20) : [];
    const results = {
      settings: {
        engine: ENGINE,
        requests: REQUESTS,
        rounds: ROUNDS,
        seed: SEED,
        connections: CONNECTIONS,
        keys: KEYS,
        rate: RATE,
        lowRate: LOW_RATE,
        rateSeconds: RATE_SECONDS,
        cpuRequests: CPU_REQUESTS,
        today,
      },
      uncoveredOperations: missing,
      closed,
      fixed,
      cpu,
      profile: profileFile,
      frames,
      captures: captured.size,
      minutes: (performance.now() - started) / 60_000,
    };
    printTables(results, kinds, engines);
    writeFileSync(OUT, JSON.stringify(results, null, 2));
    console.log(`\nJSON: ${path.resolve(OUT)} (${results.minutes.toFixed(1)} minutes in all)`);
  } finally {
    await Promise.all(children.map((child) => stop(child)));
    await redis?.stop();
    rmSync(work, { recursive: true, force: true });
    if (!env.BENCH_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

/** " (ECONNRESET ×1)": the failures' codes, when there were any. */
const kindsOf = (measure: RoundMeasure) => {
  const kinds = Object.entries(measure.errorKinds);
  return kinds.length === 0 ? '' : ` (${kinds.map(([kind, count]) => `${kind} ×${count}`).join(', ')})`;
};

function log(round: number, name: string, measure: RoundMeasure) {
  console.log(
    `round ${round + 1} of ${ROUNDS}, ${name}: ${fmt(measure.rps)} req/s, p50 ${ms(measure.overall.p50)} ms, ` +
      `p99 ${ms(measure.overall.p99)} ms, ${measure.errors} errors${kindsOf(measure)}` +
      (measure.notSent ? `, ${measure.notSent} not sent (MIX_MAX_SECONDS)` : '') +
      (measure.peakRssMb === null ? '' : `, peak RSS ${fmt(measure.peakRssMb)} MB`),
  );
}

/** The columns of the CPU of PostgreSQL and Redis, only when one of the engines has them. */
function helperColumns(engines: Engine[]): (cell: string) => string {
  const helped = engines.some((engine) => engine.name === 'PostgreSQL + Redis');
  return (cell) => (helped ? cell : '');
}

/** The closed loop's target: this share of the raw replay's req/s (issue 24). */
const CLOSED_LOOP_TARGET = 0.3;

/**
 * What the closed loop's target leaves the server, on this machine: at 0.30 of the raw replay's req/s the machine's
 * cores give each request cores/rate of CPU; the load generator shares them, at what it took per request in the
 * raw replay (its cheapest: answers come back at once, many per turn of its event loop); the rest is the server's,
 * to set beside what the server took.
 */
function printCpuBudget(closed: Record<string, RoundMeasure[]>, engines: Engine[]) {
  const raw = closed['raw replay']!;
  const targetRps = CLOSED_LOOP_TARGET * median(raw.map((m) => m.rps));
  const cores = availableParallelism();
  const generatorMs = median(raw.map((m) => m.generatorCpuMs ?? Number.NaN));
  const serverBudgetMs = (1000 * cores) / targetRps - generatorMs;
  const taken = engines
    .map((engine) => {
      const rounds = closed[engine.name]!;
      const cpuMs = median(rounds.map((m) => m.deploymentCpuMs ?? m.serverCpuMs ?? Number.NaN));
      return `${engine.name} took ${fmt(cpuMs, 2)} ms (the budget is ${fmt((100 * serverBudgetMs) / cpuMs)} % of that)`;
    })
    .join('; ');
  console.log(
    `\nCPU budget at ${CLOSED_LOOP_TARGET} of the raw replay (${fmt(targetRps)} req/s on ${cores} cores): ` +
      `${fmt((1000 * cores) / targetRps, 2)} ms of CPU per request, of which the load generator takes ` +
      `${fmt(generatorMs, 2)} (its cost in the raw replay) and leaves the server (with PostgreSQL and Redis) ` +
      `${fmt(serverBudgetMs, 2)} ms; ${taken}.`,
  );
}

/**
 * Where each engine's CPU per request went in the closed loop: the server's event loop (which every request
 * passes), its answer worker, its other threads (V8's collector and compiler, libuv's pool), and each process
 * working for it.
 */
function printCpuSplit(closed: Record<string, RoundMeasure[]>, engines: Engine[]) {
  const splits = (engine: Engine) => closed[engine.name]!.flatMap((m) => (m.cpuSplit ? [m.cpuSplit] : []));
  const helpers = [...new Set(engines.flatMap((engine) => splits(engine).flatMap((s) => Object.keys(s.helpers))))];
  const threads: [keyof ThreadCpu, string][] = [
    ['main', 'main thread'],
    ['answerWorker', 'answer worker'],
    ['otherThreads', 'other threads'],
  ];
  console.log('\nCPU per request by thread of the server and by helper (closed loop, ms, medians of the rounds):\n');
  console.log(`| engine | ${[...threads.map(([, title]) => title), ...helpers].join(' | ')} |`);
  console.log(`| --- |${' ---: |'.repeat(threads.length + helpers.length)}`);
  for (const engine of engines) {
    const cells = [
      ...threads.map(([thread]) => median(splits(engine).map((s) => s.threads[thread]))),
      ...helpers.map((helper) => median(splits(engine).map((s) => s.helpers[helper] ?? Number.NaN))),
    ];
    console.log(`| ${engine.name} | ${cells.map((cell) => (Number.isNaN(cell) ? '–' : fmt(cell, 3))).join(' | ')} |`);
  }
}

function printClosedTables(closed: Record<string, RoundMeasure[]>, kinds: string[], engines: Engine[]) {
  const rawRps = median(closed['raw replay']!.map((m) => m.rps));
  console.log(
    `\nClosed loop: ${REQUESTS} requests, ${CONNECTIONS} connections, one cursor, a fresh server per round; ` +
      `medians of ${ROUNDS} interleaved rounds.\n`,
  );
  const withHelpers = helperColumns(engines);
  console.log(
    '| target | req/s | / raw | p50 ms | p99 ms | errors | peak RSS MB (max) | server CPU ms/req |' +
      withHelpers(' with PostgreSQL + Redis CPU ms/req |') +
      ' load generator CPU ms/req | busy cores |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |' + withHelpers(' ---: |') + ' ---: | ---: |');
  for (const [name, rounds] of Object.entries(closed)) {
    const rps = median(rounds.map((m) => m.rps));
    const rss = rounds.map((m) => m.peakRssMb ?? Number.NaN);
    console.log(
      `| ${name} | ${fmt(rps)} | ${(rps / rawRps).toFixed(2)} | ${ms(median(rounds.map((m) => m.overall.p50)))} ` +
        `| ${ms(median(rounds.map((m) => m.overall.p99)))} | ${rounds.reduce((s, m) => s + m.errors, 0)} ` +
        `| ${rss.every(Number.isNaN) ? '–' : fmt(Math.max(...rss.filter((v) => !Number.isNaN(v))))} ` +
        `| ${fmt(median(rounds.map((m) => m.serverCpuMs ?? Number.NaN)), 2)} |` +
        withHelpers(` ${fmt(median(rounds.map((m) => m.deploymentCpuMs ?? Number.NaN)), 2)} |`) +
        ` ${fmt(median(rounds.map((m) => m.generatorCpuMs ?? Number.NaN)), 2)} ` +
        `| ${fmt(median(rounds.map((m) => m.busyCores ?? Number.NaN)), 2)} |`,
    );
  }
  printCpuBudget(closed, engines);
  printCpuSplit(closed, engines);
  if (engines.length === 2) {
    const [a, b] = engines.map((engine) => median(closed[engine.name]!.map((m) => m.rps)));
    const [cpuA, cpuB] = engines.map((engine) => median(closed[engine.name]!.map((m) => m.deploymentCpuMs!)));
    console.log(
      `\n${engines[1]!.name} / ${engines[0]!.name}: ${(b! / a!).toFixed(2)} of the closed loop's req/s ` +
        '(target ≥ 0.8); ' +
        `${(cpuA! / cpuB!).toFixed(2)} of the requests per CPU-second of the whole deployment (server, PostgreSQL ` +
        'and Redis: steadier than req/s on a shared machine).',
    );
  }
  const names = Object.keys(closed);
  console.log(`\nPer kind (closed loop, medians of the rounds' p50/p99 in ms; statuses of the first round):\n`);
  console.log(`| kind | requests | ${names.map((name) => `${name} p50 | p99`).join(' | ')} | statuses |`);
  console.log(`| --- | ---: | ${names.map(() => '---: | ---:').join(' | ')} | --- |`);
  for (const kind of kinds) {
    const first = closed[names[0]!]![0]!.byKind[kind]!;
    const cells = names
      .map((name) => {
        const rounds = closed[name]!.map((m) => m.byKind[kind]!);
        return `${ms(median(rounds.map((s) => s.p50)))} | ${ms(median(rounds.map((s) => s.p99)))}`;
      })
      .join(' | ');
    const statuses = Object.entries(first.statuses)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    console.log(`| ${kind} | ${first.count} | ${cells} | ${statuses} |`);
  }
}

function printTables(results: any, kinds: string[], engines: Engine[]) {
  const withHelpers = helperColumns(engines);
  const closed = results.closed as Record<string, RoundMeasure[]>;
  if (ROUNDS > 0) printClosedTables(closed, kinds, engines);
  const fixed = results.fixed as Record<string, FixedRun[]>;
  if (Object.keys(fixed).length > 0) {
    console.log(`\nFixed rate for ${RATE_SECONDS} s, a fresh server each (latency from when each request was due):\n`);
    console.log(
      `| engine | rate req/s | achieved req/s | p50 ms | p99 ms | small reads p99 ms (${SMALL_READS.join(' / ')}) ` +
        '| errors | not answered ' +
        '| peak RSS MB |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const [name, runs] of Object.entries(fixed))
      for (const { rate, measure, smallReads } of runs)
        console.log(
          `| ${name} | ${rate} | ${fmt(measure.rps)} | ${ms(measure.overall.p50)} | ${ms(measure.overall.p99)} ` +
            `| ${ms(smallReads.p99)} (${SMALL_READS.map((kind) => ms(measure.byKind[kind]!.p99)).join(' / ')}) ` +
            `| ${measure.errors} | ${measure.overall.count - measure.overall.answered} ` +
            `| ${fmt(measure.peakRssMb)} |`,
        );
  }
  const cpu = results.cpu as Record<string, CpuCost[]>;
  if (Object.keys(cpu).length > 0) {
    console.log(`\nServer CPU per answer (/proc/<pid>/stat over ${CPU_REQUESTS} sequential requests, gzip, br; µs):\n`);
    console.log(
      '| engine | kind | uncached (distinct requests) | cached (one URL) |' +
        withHelpers(' uncached, with PostgreSQL + Redis | cached, with PostgreSQL + Redis |'),
    );
    console.log('| --- | --- | ---: | ---: |' + withHelpers(' ---: | ---: |'));
    for (const [name, costs] of Object.entries(cpu))
      for (const cost of costs)
        console.log(
          `| ${name} | ${cost.kind} | ${fmt(cost.uncachedMicroseconds)} | ${fmt(cost.cachedMicroseconds)} |` +
            withHelpers(` ${fmt(cost.uncachedDeploymentMicroseconds)} | ${fmt(cost.cachedDeploymentMicroseconds)} |`),
        );
  }
  if (results.uncoveredOperations.length > 0)
    console.log(`\nOperations of /openapi.json the mix does not reach: ${results.uncoveredOperations.join(', ')}`);
  if (results.frames.length > 0) {
    console.log(`\nTop self-time frames of the first round's ${engines[0]!.name} server (${results.profile}):`);
    for (const { frame, selfPercent } of results.frames as TopFrame[])
      console.log(`${selfPercent.toFixed(1).padStart(5)} %  ${frame}`);
  }
}

await main();
process.exit(0);
