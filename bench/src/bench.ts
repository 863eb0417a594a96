// `npm run bench`: the whole service as an operator runs it. Imports every dataset from a loopback mirror of
// ../shared/data plus 100,000 generated mosques, starts the server the README's way (`serve`), captures each
// scenario's response and measures the server against a bare Express 5 route and a raw node:http server that
// answer with those very bytes: interleaved rounds, medians of requests/s and p99. Then the p99 of a small
// keyed read while 20 clients pull the Arabic download, and the server's peak RSS. Prints a table and writes
// JSON (BENCH_OUT, default ./bench-results.json).
// Environment: BENCH_ROUNDS (3), BENCH_SECONDS (2), BENCH_CONNECTIONS (50), MOSQUE_COUNT (100000),
// BENCH_DIR (reuse a prepared database there), BENCH_CPU_PROF (a folder: profile the servers with --cpu-prof),
// BENCH_ONLY (comma-separated parts of scenario names: measure only those, without the download check).
import { closedPort } from '@islamic-data/test-fixtures';
import { loadQuranJson } from '@islamic-data/sources';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLI_MAIN, serverMemoryEnv } from '@islamic-data/cli/process';
import { createReadKey, importAllData, precomputeAnswersOf, seedMosques } from './bench-data.js';
import { BENCH_SCENARIOS, searchBenchScenarios, type BenchScenario } from './bench-scenarios.js';
import { searchScenarios } from './search-scenarios.js';
import { topFrames } from './cpu-profile-top.js';
import type { CapturedResponse } from './replay-servers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MOSQUE_COUNT = Number(process.env.MOSQUE_COUNT ?? 100_000);
const OUT = process.env.BENCH_OUT ?? 'bench-results.json';
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? path.resolve(process.env.BENCH_CPU_PROF) : undefined;

interface Load {
  rps: number;
  p99: number;
}

interface RunningServer {
  origin: string;
  child: ChildProcess;
}

export async function startServer(
  databasePath: string,
  env: Record<string, string>,
  profile = false,
): Promise<RunningServer> {
  const port = await closedPort();
  const flags = profile && PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : [];
  const child = spawn(process.execPath, [...flags, CLI_MAIN, 'serve'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // Started as `npm start` starts it: with glibc's malloc settings and V8's (packages/cli/src/memory-env.ts).
    env: {
      ...process.env,
      ...serverMemoryEnv(process.env),
      DATABASE_PATH: databasePath,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${origin}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { origin, child };
    if (waited > 120_000) throw new Error('the server did not start within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

/** Peak resident memory of a live process (Linux), in MB. */
function peakRssMb(pid: number): number | null {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) / 1024;
  } catch {
    return null;
  }
}

/** The response exactly as sent (no decompression). */
function capture(url: string, headers: Record<string, string>): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const kept = Object.entries(res.headers).filter(
            ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
          );
          const body = Buffer.concat(chunks);
          resolve({
            path: new URL(url).pathname + new URL(url).search,
            status: res.statusCode ?? 0,
            headers: {
              ...Object.fromEntries(kept.map(([k, v]) => [k, String(v)])),
              'content-length': String(body.length),
            },
            body: body.toString('base64'),
          });
        });
      })
      .on('error', reject);
  });
}

async function load(url: string, headers: Record<string, string>, expected: number, connections = CONNECTIONS) {
  const result = await autocannon({ url, headers, connections, duration: SECONDS });
  // A key over a limit of 1 gets one 200 in each new minute.
  // A window may also roll over during the run: one more 200 for each minute boundary it can cross.
  const unexpected = expected === 200 ? result.non2xx : Math.max(0, result['2xx'] - 1 - Math.ceil(SECONDS / 60));
  if (result.errors > 0 || unexpected > 0)
    throw new Error(`${url}: ${result.errors} errors, ${unexpected} responses other than ${expected}`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function startChild(script: string, args: string[]): Promise<{ child: ChildProcess; report: any }> {
  const child = spawn(process.execPath, [path.join(here, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, report: JSON.parse(String(chunk)) }));
  });
}

export async function prepare(dir: string): Promise<string> {
  const databasePath = path.join(dir, 'islamic-data.db');
  if (!existsSync(path.join(dir, 'prepared'))) await importAndSeed(dir, databasePath);
  // As `npm run up` does after importing; a database prepared before keeps its answers that are still current.
  const started = performance.now();
  await precomputeAnswersOf({ DATABASE_PATH: databasePath });
  console.log(`precompute: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return databasePath;
}

async function importAndSeed(dir: string, databasePath: string): Promise<void> {
  let started = performance.now();
  await importAllData(databasePath);
  console.log(`import all from a loopback mirror: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  started = performance.now();
  await seedMosques(databasePath, MOSQUE_COUNT);
  console.log(`${MOSQUE_COUNT} mosques seeded: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  writeFileSync(path.join(dir, 'prepared'), '');
}

const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);

const chosen = (scenarios: BenchScenario[]) =>
  scenarios.filter((each) => !only || only.some((part) => each.name.includes(part)));

/** Every scenario: issue 13's, then the search scenarios of issue 17 over the Quran being served. */
const allScenarios = async (): Promise<BenchScenario[]> => [
  ...BENCH_SCENARIOS,
  ...searchBenchScenarios(searchScenarios(await loadQuranJson())),
];

export async function runBench(scenarios?: BenchScenario[]): Promise<void> {
  scenarios ??= chosen(await allScenarios());
  const dir = process.env.BENCH_DIR ? path.resolve(process.env.BENCH_DIR) : mkdtempSync(path.join(tmpdir(), 'bench-'));
  mkdirSync(dir, { recursive: true });
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const limitedDir = mkdtempSync(path.join(tmpdir(), 'bench-limited-'));
  const children: ChildProcess[] = [];
  try {
    const databasePath = await prepare(dir);
    const readKey = await createReadKey(databasePath, 'bench read');
    const limitedDatabase = path.join(limitedDir, 'limited.db');
    const limitedKey = await createReadKey(limitedDatabase, 'bench limited');
    // The read scenarios must never meet the limit; the 429 scenario's key spends its limit of 1 at once.
    const server = await startServer(databasePath, { RATE_LIMIT_PER_MINUTE: '1000000' }, true);
    children.push(server.child);
    const limited = await startServer(limitedDatabase, { RATE_LIMIT_PER_MINUTE: '1' }, true);
    children.push(limited.child);

    const headersOf = (scenario: BenchScenario) => ({
      ...scenario.headers,
      ...(scenario.key === 'read' ? { 'X-API-Key': readKey } : {}),
      ...(scenario.key === 'limited' ? { 'X-API-Key': limitedKey } : {}),
    });
    const originOf = (scenario: BenchScenario) => (scenario.key === 'limited' ? limited.origin : server.origin);
    if (scenarios.some((scenario) => scenario.key === 'limited')) {
      await autocannon({
        url: `${limited.origin}/api/v1/qibla?lat=1&lng=2`,
        headers: { 'X-API-Key': limitedKey },
        amount: 200,
      });
    }
    const captures: CapturedResponse[] = [];
    for (const scenario of scenarios) {
      const captured = await capture(originOf(scenario) + scenario.path, headersOf(scenario));
      const expected = scenario.group === 'rate limited' ? 429 : 200;
      if (captured.status !== expected) throw new Error(`${scenario.name}: HTTP ${captured.status}, not ${expected}`);
      captures.push(captured);
    }
    const capturesFile = path.join(limitedDir, 'captures.json');
    writeFileSync(capturesFile, JSON.stringify(captures));
    const replay = await startChild('replay-servers.js', [capturesFile]);
    children.push(replay.child);

    const samples = scenarios.map(() => ({ project: [] as Load[], bare: [] as Load[], raw: [] as Load[] }));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, scenario] of scenarios.entries()) {
        const expected = captures[i]!.status;
        const headers = headersOf(scenario);
        samples[i]!.project.push(await load(originOf(scenario) + scenario.path, headers, expected));
        samples[i]!.bare.push(await load(replay.report.bare + scenario.path, headers, expected));
        samples[i]!.raw.push(await load(replay.report.raw + scenario.path, headers, expected));
      }
      console.log(`round ${round + 1} of ${ROUNDS} done`);
    }

    const downloadCheck = only ? null : await p99UnderDownloads(server.origin, readKey);
    const rssMb = peakRssMb(server.child.pid!);
    const rows = scenarios.map((scenario, i) => {
      const of = (loads: Load[]) => ({ rps: median(loads.map((l) => l.rps)), p99: median(loads.map((l) => l.p99)) });
      const [project, bare, raw] = [of(samples[i]!.project), of(samples[i]!.bare), of(samples[i]!.raw)];
      const ratio = project.rps / bare.rps;
      return {
        scenario: scenario.name,
        group: scenario.group,
        bytes: Buffer.from(captures[i]!.body, 'base64').length,
        project,
        bare,
        raw,
        ratioToBare: ratio,
        ratioToRaw: project.rps / raw.rps,
        target: scenario.target,
        met: ratio >= scenario.target,
      };
    });
    printTable(rows, downloadCheck, rssMb);
    await Promise.all([stop(server.child), stop(limited.child)]);
    const profiles = PROFILE_DIR ? readdirSync(PROFILE_DIR).filter((file) => file.endsWith('.cpuprofile')) : [];
    const profileOf = (pid: number | undefined) => {
      const file = profiles.find((name) => name.includes(`.${pid}.`));
      return file === undefined ? undefined : path.join(PROFILE_DIR!, file);
    };
    const profile = profileOf(server.child.pid);
    const frames = profile ? topFrames(profile) : [];
    const limitedProfile = profileOf(limited.child.pid);
    const limitedFrames = limitedProfile ? topFrames(limitedProfile, 10) : [];
    for (const [label, file, top] of [
      ['the server', profile, frames],
      ['the 429 scenario’s server', limitedProfile, limitedFrames],
    ] as const) {
      if (!file) continue;
      console.log(`\nTop self-time frames of ${label}, share of its busy time (${file}):`);
      for (const { frame, selfPercent } of top) console.log(`${selfPercent.toFixed(1).padStart(5)} %  ${frame}`);
    }
    const settings = { rounds: ROUNDS, seconds: SECONDS, connections: CONNECTIONS, mosques: MOSQUE_COUNT };
    const results = { settings, rows, downloadCheck, peakRssMb: rssMb, profile, frames, limitedProfile, limitedFrames };
    writeFileSync(OUT, JSON.stringify(results, null, 2));
    console.log(`\nJSON: ${path.resolve(OUT)}`);
  } finally {
    await Promise.all(children.map((child) => stop(child)));
    rmSync(limitedDir, { recursive: true, force: true });
    if (!process.env.BENCH_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * p99 of a small keyed read alone, then while 20 clients pull the Arabic download (gzip) in a loop: in
 * alternating rounds, medians.
 */
async function p99UnderDownloads(origin: string, key: string) {
  const url = `${origin}/api/v1/qibla?lat=40.7128&lng=-74.006`;
  const headers = { 'X-API-Key': key };
  const alone: number[] = [];
  const loaded: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    alone.push((await load(url, headers, 200, 10)).p99);
    const clients = await startChild('download-clients.js', [`${origin}/api/v1/translations/quran/ar`, '20']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    loaded.push((await load(url, headers, 200, 10).finally(() => stop(clients.child, 'SIGKILL'))).p99);
  }
  const [p99Alone, p99With20Downloads] = [median(alone), median(loaded)];
  return { p99Alone, p99With20Downloads, ratio: p99With20Downloads / Math.max(1, p99Alone) };
}

function printTable(
  rows: any[],
  downloadCheck: { p99Alone: number; p99With20Downloads: number; ratio: number } | null,
  rssMb: number | null,
) {
  console.log(`\n${ROUNDS} interleaved rounds of ${SECONDS} s, ${CONNECTIONS} connections; medians.\n`);
  console.log(
    '| scenario | bytes | project req/s | p99 ms | bare Express req/s | p99 ms | raw node:http req/s | p99 ms ' +
      '| / Express | / raw | target |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    console.log(
      `| ${row.scenario} | ${row.bytes} | ${row.project.rps.toFixed(0)} | ${row.project.p99} ` +
        `| ${row.bare.rps.toFixed(0)} | ${row.bare.p99} ` +
        `| ${row.raw.rps.toFixed(0)} | ${row.raw.p99} | ${row.ratioToBare.toFixed(2)} | ${row.ratioToRaw.toFixed(2)} ` +
        `| ≥ ${row.target.toFixed(2)} ${row.met ? 'met' : 'NOT met'} |`,
    );
  }
  if (downloadCheck) {
    console.log(
      `\np99 of /qibla (10 connections, medians of ${ROUNDS} rounds): ${downloadCheck.p99Alone} ms alone, ` +
        `${downloadCheck.p99With20Downloads} ms ` +
        `while 20 clients pull /translations/quran/ar: ${downloadCheck.ratio.toFixed(2)}× (target ≤ 3×)`,
    );
  }
  console.log(
    `Peak RSS of the server over the bench: ${rssMb === null ? 'unknown' : `${rssMb.toFixed(0)} MB`} (target ≤ 250 MB)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runBench();
