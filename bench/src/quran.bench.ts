// Quran reads through the whole platform (key lookup, rate limit, validation, envelope, ETag):
// 1. requests/s of GET /api/v1/quran/surahs/2/ayahs (286 ayahs with en, ru, tr; 380 kB) and of
//    GET /api/v1/quran/surahs/2/ayahs/255, as ratios to the bare Express 5 route of measure.ts;
// 2. time and peak server memory of the whole-Quran Arabic download (6236 entries), in a fresh
//    server process, against a bare Express 5 route sending the same entries precomputed;
// 3. the same two reads against a bare Express 5 route sending the same payload precomputed
//    (what the database read and the platform cost, payload size aside).
// Run: npm run bench:quran   (after npm run setup)
import { importQuran } from '@islamic-data/core';
import { loadQuranJson } from '@islamic-data/sources';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { composeServices, loadConfig } from '@islamic-data/cli';
import { compareToBare, requestsPerSecond, startBenchServers } from './measure.js';

const ROUNDS = 3;
const SECONDS = 5;
const DOWNLOAD_ROUNDS = 7;
const READS = {
  'GET /api/v1/quran/surahs/2/ayahs': '/api/v1/quran/surahs/2/ayahs',
  'GET /api/v1/quran/surahs/2/ayahs/255': '/api/v1/quran/surahs/2/ayahs/255',
};

interface Memory {
  peakRssKb: number;
  rss: number;
  heapUsed: number;
}

const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-quran-bench-'));
const databasePath = path.join(dir, 'bench.db');
try {
  await prepareDatabase();
  const targets = await startBenchServers({ BENCH_DATABASE_PATH: databasePath });
  try {
    await compareToBare(targets, READS, { rounds: ROUNDS, seconds: SECONDS });
  } finally {
    targets.stop();
  }
  await downloadsAndSamePayloadReads();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function prepareDatabase(): Promise<void> {
  const deps = await composeServices(
    { ...loadConfig({}), databasePath, logLevel: 'warn' },
    { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
  );
  const started = performance.now();
  await importQuran(deps, await loadQuranJson());
  console.log(
    `Imported the Quran from quran-json into a fresh database in ${(performance.now() - started).toFixed(0)} ms.`,
  );
  await deps.database.close();
}

async function downloadsAndSamePayloadReads(): Promise<void> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'quran-download-server.js');
  const child = fork(script, [], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_DATABASE_PATH: databasePath },
  });
  try {
    const urls = await new Promise<{ app: string; bare: string; key: string }>((resolve) =>
      child.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(String(chunk)))),
    );
    const memory = () =>
      new Promise<Memory>((resolve) => (child.once('message', (m) => resolve(m as Memory)), child.send('memory')));

    const idle = await memory();
    const rows: string[] = [];
    let appPeakKb = 0;
    for (const [name, url] of [
      ['app GET /api/v1/translations/quran/ar', `${urls.app}/api/v1/translations/quran/ar`],
      ['bare Express 5, same entries precomputed', `${urls.bare}/bare/download-ar`],
    ] as const) {
      for (const encoding of ['identity', 'gzip']) {
        const first = await download(url, encoding);
        const times: number[] = [];
        for (let i = 0; i < DOWNLOAD_ROUNDS; i++) times.push((await download(url, encoding)).ms);
        times.sort((a, b) => a - b);
        rows.push(
          `| ${name} | ${encoding} | ${(first.bytes / 1024 / 1024).toFixed(2)} MiB | ` +
            `${first.ms.toFixed(0)} | ${times[Math.floor(times.length / 2)]!.toFixed(0)} |`,
        );
      }
      // The app's downloads run first, so the peak so far is theirs.
      appPeakKb ||= (await memory()).peakRssKb;
    }
    const after = await memory();
    console.log(
      `\n| whole-Quran Arabic download (6236 entries) | encoding | body ` +
        `| first ms | median ms (${DOWNLOAD_ROUNDS} rounds) |`,
    );
    console.log('| --- | --- | ---: | ---: | ---: |');
    rows.forEach((row) => console.log(row));
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `\nServer process (fresh, no other load yet): RSS ${mib(idle.rss)} MiB before the downloads; ` +
        `peak RSS during the app's downloads ${mib(appPeakKb * 1024)} MiB ` +
        `(+${mib(appPeakKb * 1024 - idle.rss)} MiB); ` +
        `peak after the bare ones too ${mib(after.peakRssKb * 1024)} MiB; ` +
        `heap in use after: ${mib(after.heapUsed)} MiB.`,
    );

    console.log('\n| route | app req/s | bare Express 5 sending the same payload req/s | ratio |');
    console.log('| --- | ---: | ---: | ---: |');
    for (const [name, appPath, barePath] of [
      [Object.keys(READS)[0]!, Object.values(READS)[0]!, '/bare/surah-2'],
      [Object.keys(READS)[1]!, Object.values(READS)[1]!, '/bare/ayah-2-255'],
    ]) {
      let app = 0;
      let bare = 0;
      for (let round = 0; round < ROUNDS; round++) {
        bare += await requestsPerSecond(urls.bare + barePath!, {}, SECONDS);
        app += await requestsPerSecond(urls.app + appPath!, { 'X-API-Key': urls.key }, SECONDS);
      }
      console.log(
        `| ${name} | ${(app / ROUNDS).toFixed(0)} | ${(bare / ROUNDS).toFixed(0)} | ${(app / bare).toFixed(2)} |`,
      );
    }
  } finally {
    child.kill();
  }
}

function download(url: string, encoding: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ ms: performance.now() - started, bytes })
          : reject(new Error(`${url}: ${res.statusCode}`)),
      );
    }).on('error', reject);
  });
}
