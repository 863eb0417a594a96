// `import all` as an operator runs it (the real CLI process) from a local raw mirror of
// ../shared/data: wall time and peak RSS on an empty database and cache, then a second run
// with everything current. Run with `npm run bench:import-all` after `npm run setup`.
import { CLI_MAIN } from '@islamic-data/cli/process';
import { serveRawMirror } from '@islamic-data/test-fixtures';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const preload = path.join(here, 'report-usage-on-exit.js');

interface Run {
  seconds: number;
  peakRssMb: number;
  datasets: { status: string; fetched: number }[];
}

function importAll(env: Record<string, string>): Promise<Run> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', preload, CLI_MAIN, 'import', 'all', '--json'],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`import all failed:\n${stderr}`));
        const usage = JSON.parse(stderr.trim().split('\n').at(-1)!) as { peakRssMb: number };
        resolve({ seconds: (performance.now() - started) / 1000, ...usage, datasets: JSON.parse(stdout) });
      },
    );
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-bench-import-all-'));
const mirror = await serveRawMirror();
try {
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), DATA_MIRROR: mirror.url, LOG_LEVEL: 'warn' };
  const runs = [
    ['empty database and cache', await importAll(env)],
    ['second run (everything current)', await importAll(env)],
  ] as const;
  console.log('| import all from a local mirror | wall time | peak RSS | files fetched | datasets imported |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [label, run] of runs) {
    const fetched = run.datasets.reduce((sum, dataset) => sum + dataset.fetched, 0);
    const imported = run.datasets.filter((dataset) => dataset.status === 'imported').length;
    console.log(
      `| ${label} | ${run.seconds.toFixed(1)} s | ${run.peakRssMb.toFixed(0)} MB | ${fetched} ` +
        `| ${imported} of ${run.datasets.length} |`,
    );
  }
  console.log(`\nDatabase file: ${(statSync(env.DATABASE_PATH).size / 1024 / 1024).toFixed(1)} MB`);
} finally {
  await mirror.close();
  rmSync(dir, { recursive: true, force: true });
}
