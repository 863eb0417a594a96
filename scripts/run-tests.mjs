#!/usr/bin/env node
// Runs every package's compiled mocha suites in one process and ends with the line CI reads:
// "N passed, M failed". A run that executed no test fails.
//
// Then it runs the HTTP suites that write and count (POSTGRES_REDIS_SUITES) again, in a process of
// their own with ISLAMIC_DATA_TEST_BACKEND=postgres-redis: their apps then keep their data in
// PostgreSQL and their rate limits in Redis (throwaway servers, see test-fixtures/src/system), and
// the totals cover both runs.
import Mocha from 'mocha';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const POSTGRES_REDIS_SUITES = [
  'http-express/dist/test/quran-writes.test.js',
  'http-express/dist/test/hadith.test.js',
  'http-express/dist/test/mosques.test.js',
  'http-express/dist/test/rate-limit.test.js',
  'http-express/dist/test/search.test.js',
  'http-express/dist/test/cached-representations.test.js',
  'http-express/dist/test/quran-navigation.test.js',
  'http-express/dist/test/key-requests.test.js',
  'http-express/dist/test/quran-study.test.js',
  'http-express/dist/test/mosque-schedules.test.js',
  'http-express/dist/test/unchanging-writes.test.js',
  'http-express/dist/test/precomputed-answers.test.js',
];
const SECOND_PASS = process.env.ISLAMIC_DATA_TEST_BACKEND === 'postgres-redis';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDirs = [
  ...readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name)),
  path.join(root, 'test-fixtures'),
];
// Optional arguments narrow the run to test files whose path contains one of them.
const filters = process.argv.slice(2);
// Suites live in each package's test/ folder, and beside the code they test in src/ (`*.test.ts`).
const files = packageDirs
  .flatMap((dir) => [path.join(dir, 'dist', 'test'), path.join(dir, 'dist', 'src')])
  .filter((dir) => existsSync(dir))
  .flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => path.join(dir, String(file))))
  .filter((file) => file.endsWith('.test.js'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
const mocha = new Mocha({ reporter: 'spec', timeout: 60_000, slow: 2_000 });
for (const file of files) mocha.addFile(file);

await mocha.loadFilesAsync();
// The spec reporter lists failures where its own pass ends, which the second pass pushes out of a log's tail:
// they are named again just above the totals, where CI's tail shows them.
const failed = [];
const runner = mocha.run(async () => {
  const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
  let totals = { passes, failures, pending };
  const named = failed.map((line) => `  ${line}`).join('\n');
  if (SECOND_PASS) {
    if (failed.length > 0) console.log(`\nfailed on PostgreSQL and Redis:\n${named}`);
    console.log(`\non PostgreSQL and Redis: ${passes} passed; ${failures} failed`);
  } else {
    const again = files.filter((file) => POSTGRES_REDIS_SUITES.some((suite) => file.endsWith(suite)));
    if (again.length > 0) {
      const second = await runOnPostgresAndRedis(again);
      totals = {
        passes: passes + second.passes,
        failures: failures + second.failures,
        pending: pending + second.pending,
      };
    }
    if (failed.length > 0) console.log(`\nfailed:\n${named}`);
    console.log(
      `\n${totals.passes} passed, ${totals.failures} failed${totals.pending ? `, ${totals.pending} skipped` : ''}`,
    );
  }
  process.exitCode = totals.failures > 0 || totals.passes === 0 ? 1 : 0;
  // Suites close their servers and databases; anything left open must not hang CI.
  setTimeout(() => process.exit(process.exitCode), 2_000).unref();
});
runner.on('fail', (test, error) => {
  const firstLine = String(error?.message ?? error)
    .split('\n')[0]
    .slice(0, 300);
  failed.push(`${test.fullTitle()} (${path.relative(root, test.file ?? '?')}): ${firstLine}`);
});

/** Runs `suites` in a child process on PostgreSQL and Redis, echoing its report; its counts (failed if it crashed). */
function runOnPostgresAndRedis(suites) {
  console.log(`\nAgain with the app on PostgreSQL and Redis: ${suites.map((file) => path.basename(file)).join(', ')}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), ...suites], {
    env: { ...process.env, ISLAMIC_DATA_TEST_BACKEND: 'postgres-redis' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const counts = /on PostgreSQL and Redis: (\d+) passed; (\d+) failed/.exec(output);
      if (!counts) return resolve({ passes: 0, failures: Math.max(1, suites.length), pending: 0 });
      const pending = Number(/(\d+) pending/.exec(output)?.[1] ?? 0);
      resolve({
        passes: Number(counts[1]),
        failures: Number(counts[2]) + (code === 0 || counts[2] !== '0' ? 0 : 1),
        pending,
      });
    });
  });
}
