// Child process of the Hadith benchmark: imports the nine collections into BENCH_DATABASE_PATH
// from HADITH_FROM (default <repoRoot>/../shared/data: hadith-json's texts joined with hadith-refs'
// numbers and grades, as `import hadith --from` reads them) and reports its wall time and peak
// resident memory as one JSON line, so that each import is measured in a clean process.
import { importHadithCollection } from '@islamic-data/core';
import { hadithSourceLocations, readHadithSources } from '@islamic-data/sources';
import { SHARED_DATA_DIR } from '@islamic-data/test-fixtures';
import { Writable } from 'node:stream';
import { composeServices, loadConfig } from '@islamic-data/cli';

const from = process.env.HADITH_FROM ?? SHARED_DATA_DIR;
const databasePath = process.env.BENCH_DATABASE_PATH;
if (!databasePath) throw new Error('BENCH_DATABASE_PATH is required.');

const started = performance.now();
const deps = await composeServices(
  { ...loadConfig({}), databasePath, logLevel: 'warn' },
  { logDestination: new Writable({ write: (_c, _e, done) => done() }) },
);
let hadiths = 0;
let written = 0;
for await (const source of readHadithSources(await hadithSourceLocations(from))) {
  const summary = await importHadithCollection(deps, source);
  hadiths += summary.hadiths;
  written += summary.added + summary.updated + summary.removed;
}
await deps.database.close();
const seconds = (performance.now() - started) / 1000;
process.stdout.write(
  JSON.stringify({ seconds, peakRssMb: process.resourceUsage().maxRSS / 1024, hadiths, written }) + '\n',
);
