// Throughput of GET /api/v1/mosques over 100,000 generated published mosques: a `near` query
// (radius 25 km, limit 20) and a `q` query, each as a ratio to a bare Express 5 route in the
// same run. The database is seeded first, then served by bench-servers.js (BENCH_DATABASE_PATH).
// Run: npm run bench:mosques   (after npm run setup)
// MOSQUE_COUNT overrides the number of mosques.
import { migrateToLatest, openDatabase, sqliteUnitOfWork } from '@islamic-data/adapters-sqlite';
import { generateMosques } from '@islamic-data/test-fixtures';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compareToBare, startBenchServers, type BenchTargets } from './measure.js';

const count = Number(process.env.MOSQUE_COUNT ?? 100_000);
const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-mosque-bench-'));
const databasePath = path.join(dir, 'bench.db');

const seedStart = performance.now();
const database = openDatabase(databasePath);
await migrateToLatest(database.db);
await sqliteUnitOfWork(database.db).run((stores) => stores.mosques.insertMany(generateMosques({ count, seed: 2026 })));
await database.close();
console.log(
  `Seeded ${count} published mosques in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${databasePath}).`,
);

const queries = {
  'near London, 25 km, limit 20': '/api/v1/mosques?near=51.5074,-0.1278,25&limit=20',
  'near Doha, 25 km, limit 20 (dense)': '/api/v1/mosques?near=25.2854,51.531,25&limit=20',
  'q=tag123 (100 matches), limit 20': '/api/v1/mosques?q=tag123&limit=20',
  'q=tag1 (11,100 prefix matches), limit 20': '/api/v1/mosques?q=tag1&limit=20',
};

let targets: BenchTargets | undefined;
try {
  targets = await startBenchServers({ BENCH_DATABASE_PATH: databasePath });
  for (const [name, url] of Object.entries(queries)) {
    const response = await fetch(targets.app + url, { headers: { 'X-API-Key': targets.key } });
    const body = (await response.json()) as { data: unknown[] };
    if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status}`);
    console.log(`${name}: ${body.data.length} results`);
  }
  await compareToBare(
    targets,
    Object.fromEntries(
      Object.entries(queries).map(([name, url]) => [`${name}: GET ${url.replace('/api/v1', '')}`, url]),
    ),
  );
} finally {
  targets?.stop();
  rmSync(dir, { recursive: true, force: true });
}
