#!/usr/bin/env node
// Runs every package's compiled mocha suites in one process and ends with the line CI reads:
// "N passed, M failed". A run that executed no test fails.
import Mocha from 'mocha';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDirs = [
  ...readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name)),
  path.join(root, 'test-fixtures'),
];
// Optional arguments narrow the run to test files whose path contains one of them.
const filters = process.argv.slice(2);
const files = packageDirs
  .map((dir) => path.join(dir, 'dist', 'test'))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => path.join(dir, String(file))))
  .filter((file) => file.endsWith('.test.js'))
  .filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)))
  .sort();
const mocha = new Mocha({ reporter: 'spec', timeout: 60_000, slow: 2_000 });
for (const file of files) mocha.addFile(file);

await mocha.loadFilesAsync();
const runner = mocha.run(() => {
  const { passes = 0, failures = 0, pending = 0 } = runner.stats ?? {};
  console.log(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}`);
  process.exitCode = failures > 0 || passes === 0 ? 1 : 0;
  // Suites close their servers and databases; anything left open must not hang CI.
  setTimeout(() => process.exit(process.exitCode), 2_000).unref();
});
