// Search through the whole platform (key lookup, rate limit, validation, FTS5, snippets, envelope):
// requests/s and p99 latency at 50 connections of GET /api/v1/quran/search for the scenarios of
// search-scenarios.ts, each against a bare Express 5 route sending the same response bytes,
// measured in alternating rounds (only the ratios compare across machines).
// Run: npm run bench:search   (after npm run setup)
import { importQuran, importTanzilTranslation } from '@islamic-data/core';
import { loadQuranJson, readTanzilTranslation } from '@islamic-data/sources';
import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { composeServices, loadConfig } from '@islamic-data/cli';
import type { SearchScenario } from './search-scenarios.js';

const ROUNDS = 3;
const SECONDS = 5;
const CONNECTIONS = 50;
const here = path.dirname(fileURLToPath(import.meta.url));
const AZ_FILE = path.join(SHARED_DATA_DIR, 'quran-az/az.mammadaliyev.xml');

interface Load {
  rps: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Load> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-search-bench-'));
const databasePath = path.join(dir, 'bench.db');
try {
  const deps = await composeServices(
    { ...loadConfig({}), databasePath, logLevel: 'warn' },
    { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
  );
  await importQuran(deps, await loadQuranJson());
  await importTanzilTranslation(deps, { lang: 'az', translation: await readTanzilTranslation(AZ_FILE) });
  await deps.database.close();

  const child = spawn(process.execPath, [path.join(here, 'search-bench-server.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_PATH: databasePath },
  });
  try {
    const targets = await new Promise<{
      app: string;
      bare: string;
      key: string;
      scenarios: SearchScenario[];
      firstAnswerMs: number[];
    }>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`search bench server exited with ${code}`)));
      child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(String(chunk))));
    });
    const rows: { name: string; app: Load; bare: Load; firstMs: number }[] = [];
    for (const [i, scenario] of targets.scenarios.entries()) {
      const app: Load = { rps: 0, p99: 0 };
      const bare: Load = { rps: 0, p99: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const b = await load(`${targets.bare}/bare/${i}`, {});
        const a = await load(targets.app + scenario.path, { 'X-API-Key': targets.key });
        bare.rps += b.rps / ROUNDS;
        bare.p99 = Math.max(bare.p99, b.p99);
        app.rps += a.rps / ROUNDS;
        app.p99 = Math.max(app.p99, a.p99);
      }
      rows.push({
        name: `${scenario.name}: ${decodeURIComponent(scenario.path)}`,
        app,
        bare,
        firstMs: targets.firstAnswerMs[i]!,
      });
    }
    console.log(
      `\n${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s; p99 is the worst round's.`,
    );
    console.log('Repeated questions are answered from the search cache (emptied by any write); "first answer" is the');
    console.log('uncached time of one request, ranking and snippets included.');
    console.log(
      '| search | first answer ms | req/s | p99 ms | bare Express 5 req/s (same bytes) | bare p99 ms | ratio |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const { name, app, bare, firstMs } of rows) {
      const ratio = (app.rps / bare.rps).toFixed(2);
      const cells = [name, firstMs.toFixed(1), app.rps.toFixed(0), app.p99, bare.rps.toFixed(0), bare.p99, ratio];
      console.log(`| ${cells.join(' | ')} |`);
    }
  } finally {
    child.kill();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
