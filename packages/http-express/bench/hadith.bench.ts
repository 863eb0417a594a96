// Hadith benchmark (run: node packages/http-express/dist/bench/hadith.bench.js, after npm run setup).
// 1. Imports the nine collections from shared/data into a fresh database, then again (nothing to
//    write), each in its own process: wall time and peak RSS.
// 2. Serves that database and measures requests/s of a 100-item page at the start of Bukhari and
//    deep into it (startAfter=7000), as ratios to a bare Express 5 route in the same rounds.
//    Keyset pagination means the two pages cost the same: the check fails if they differ by 20%.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requestsPerSecond, startBenchServers } from './measure.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-hadith-bench-'));
const databasePath = path.join(dir, 'bench.db');

interface ImportRun {
  seconds: number;
  peakRssMb: number;
  hadiths: number;
  written: number;
}

const runImport = () =>
  new Promise<ImportRun>((resolve, reject) => {
    execFile(process.execPath, [path.join(here, 'hadith-import-child.js')], { env: { ...process.env, BENCH_DATABASE_PATH: databasePath } }, (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout) as ImportRun),
    );
  });

try {
  const fresh = await runImport();
  const again = await runImport();
  console.log('\n| import of the nine collections | wall time | peak RSS | hadiths | rows written |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, run] of [
    ['into an empty database', fresh],
    ['again, unchanged source', again],
  ] as const) {
    console.log(`| ${name} | ${run.seconds.toFixed(2)} s | ${run.peakRssMb.toFixed(0)} MB | ${run.hadiths} | ${run.written} |`);
  }
  console.log(`\nDatabase file after the import: ${(statSync(databasePath).size / 1024 / 1024).toFixed(1)} MB`);

  const targets = await startBenchServers({ BENCH_DATABASE_PATH: databasePath });
  try {
    const headers = { 'X-API-Key': targets.key };
    const paths = {
      'first page: /hadith/collections/bukhari/hadiths?limit=100': '/api/v1/hadith/collections/bukhari/hadiths?limit=100',
      'deep page: ...?limit=100&startAfter=7000': '/api/v1/hadith/collections/bukhari/hadiths?limit=100&startAfter=7000',
      'one hadith: /hadith/collections/bukhari/hadiths/7000': '/api/v1/hadith/collections/bukhari/hadiths/7000',
    };
    const totals = new Map<string, number>(Object.keys(paths).map((name) => [name, 0]));
    let bare = 0;
    for (let round = 0; round < ROUNDS; round++) {
      bare += await requestsPerSecond(`${targets.bare}/bare`, {}, SECONDS);
      for (const [name, url] of Object.entries(paths)) totals.set(name, totals.get(name)! + (await requestsPerSecond(targets.app + url, headers, SECONDS)));
    }
    bare /= ROUNDS;
    console.log(`\n| route (${ROUNDS} rounds of ${SECONDS} s, 10 connections) | req/s | bare Express 5 req/s (same rounds) | ratio to bare |`);
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, total] of totals) console.log(`| ${name} | ${(total / ROUNDS).toFixed(0)} | ${bare.toFixed(0)} | ${(total / ROUNDS / bare).toFixed(3)} |`);
    const [first, deep] = [...totals.values()];
    const deepToFirst = deep! / first!;
    console.log(`\ndeep page / first page = ${deepToFirst.toFixed(2)} (${Math.abs(deepToFirst - 1) <= 0.2 ? 'within' : 'NOT within'} 20%)`);
    if (Math.abs(deepToFirst - 1) > 0.2) process.exitCode = 1;
  } finally {
    targets.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
