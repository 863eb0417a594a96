// Hadith benchmark (run: npm run bench:hadith, after npm run setup).
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
import { compareToBare, startBenchServers } from './measure.js';

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
    execFile(
      process.execPath,
      [path.join(here, 'hadith-import-child.js')],
      { env: { ...process.env, BENCH_DATABASE_PATH: databasePath } },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as ImportRun)),
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
    console.log(
      `| ${name} | ${run.seconds.toFixed(2)} s | ${run.peakRssMb.toFixed(0)} MB | ${run.hadiths} | ${run.written} |`,
    );
  }
  console.log(`\nDatabase file after the import: ${(statSync(databasePath).size / 1024 / 1024).toFixed(1)} MB`);

  const targets = await startBenchServers({ BENCH_DATABASE_PATH: databasePath });
  try {
    const [first, deep] = await compareToBare(
      targets,
      {
        'first page: /hadith/collections/bukhari/hadiths?limit=100':
          '/api/v1/hadith/collections/bukhari/hadiths?limit=100',
        'deep page: ...?limit=100&startAfter=7000':
          '/api/v1/hadith/collections/bukhari/hadiths?limit=100&startAfter=7000',
        'one hadith: /hadith/collections/bukhari/hadiths/7000': '/api/v1/hadith/collections/bukhari/hadiths/7000',
      },
      { rounds: ROUNDS, seconds: SECONDS },
    );
    const deepToFirst = deep!.target / first!.target;
    console.log(
      `\ndeep page / first page = ${deepToFirst.toFixed(2)} ` +
        `(${Math.abs(deepToFirst - 1) <= 0.2 ? 'within' : 'NOT within'} 20%)`,
    );
    if (Math.abs(deepToFirst - 1) > 0.2) process.exitCode = 1;
  } finally {
    targets.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
