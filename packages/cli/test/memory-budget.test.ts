import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { composeServices } from '../src/composition-root.js';
import { loadConfig } from '../src/config.js';
import { BASE_MEGABYTES, memoryShares } from '../src/memory-budget.js';
import { execFileSync } from 'node:child_process';
import { ANSWER_WORKER_YOUNG_GENERATION_MB, serverMemoryEnv } from '../src/memory-env.js';

const MB = 1024 * 1024;

describe('memory budget: MEMORY_BUDGET_MB shared out (issue 24)', () => {
  it('gives the cache two sixteenths and the answer worker half of what the budget holds beyond the base', () => {
    const shares = memoryShares(256);
    expect(256 - BASE_MEGABYTES).to.equal(128);
    expect(shares).to.deep.equal({
      representationCacheBytes: 16 * MB,
      representationStoredBytes: 1024 * MB,
      answerWorkerHeapMegabytes: 64,
      databaseCacheKibibytes: 4096,
    });
    expect(memoryShares(1024).representationCacheBytes).to.equal(112 * MB);
    expect(memoryShares(1024).answerWorkerHeapMegabytes).to.equal(448);
    // SQLite's own page cache (16,000 KiB a connection) is the most a budget gives.
    expect(memoryShares(1024).databaseCacheKibibytes).to.equal(16_000);
  });

  it('gives the cache the share of the SQLite page caches on PostgreSQL, which keeps its pages itself', () => {
    expect(memoryShares(256, 'postgres')).to.deep.equal({ ...memoryShares(256), representationCacheBytes: 24 * MB });
    expect(memoryShares(256, 'sqlite')).to.deep.equal(memoryShares(256));
  });

  it('keeps a small cache and a worker heap of 64 MB for a budget below the base', () => {
    expect(memoryShares(16)).to.deep.equal({
      representationCacheBytes: 2 * MB,
      representationStoredBytes: 64 * MB,
      answerWorkerHeapMegabytes: 64,
      databaseCacheKibibytes: 1024,
    });
  });
});

describe('memory budget: the page cache of a server’s SQLite connection', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-memory-budget-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const quiet = { logDestination: new Writable({ write: (_c, _e, done) => done() }) };

  it('is the budget’s share in a server and SQLite’s own in a command', async () => {
    const config = loadConfig({ DATABASE_PATH: path.join(dir, 'budget.db'), MEMORY_BUDGET_MB: '512' });
    const server = await composeServices(config, { ...quiet, serving: true });
    const command = await composeServices(config, quiet);
    try {
      const cacheSize = (services: typeof server) =>
        services.database.sqlite!.sqlite.pragma('cache_size', { simple: true });
      expect(cacheSize(server)).to.equal(-memoryShares(512).databaseCacheKibibytes);
      expect(cacheSize(server)).to.equal(-8192);
      expect(cacheSize(command)).to.equal(-16000);
    } finally {
      await server.close();
      await command.close();
    }
  });
});

describe('memory env: what a server process starts with', () => {
  it("sets glibc's malloc settings and V8's young generation unless the environment names them", () => {
    expect(serverMemoryEnv({})).to.deep.equal({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '327680',
      MALLOC_TRIM_THRESHOLD_: '1048576',
      NODE_OPTIONS: '--max-semi-space-size=2',
    });
    const named = serverMemoryEnv({
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '65536',
      MALLOC_TRIM_THRESHOLD_: '262144',
      NODE_OPTIONS: '--max-semi-space-size=8 --enable-source-maps',
    });
    // The environment's flag comes last: V8 takes the last value of a flag.
    expect(named).to.deep.equal({
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '65536',
      MALLOC_TRIM_THRESHOLD_: '262144',
      NODE_OPTIONS: '--max-semi-space-size=2 --max-semi-space-size=8 --enable-source-maps',
    });
  });
});

/**
 * A process started as the server is (`--max-semi-space-size=2`), which starts a worker with the answer worker's
 * young generation, clearing the flag first (`cleared`) or not; the worker keeps a working set alive as a build does
 * and reports the size its new space reached.
 */
function newSpaceOfAWorker(cleared: boolean): number {
  const memoryEnv = new URL('../src/memory-env.js', import.meta.url).href;
  const worker = `
    import v8 from 'node:v8';
    import { parentPort } from 'node:worker_threads';
    for (let build = 0; build < 100; build++) {
      const alive = [];
      for (let i = 0; i < 30000; i++) alive.push({ i, text: 'synthetic ' + i });
    }
    parentPort.postMessage(v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size);
  `;
  const main = `
    import { Worker } from 'node:worker_threads';
    import { ANSWER_WORKER_YOUNG_GENERATION_MB, youngGenerationsByThread } from ${JSON.stringify(memoryEnv)};
    if (${cleared}) youngGenerationsByThread();
    const limits = { maxYoungGenerationSizeMb: ANSWER_WORKER_YOUNG_GENERATION_MB };
    const worker = new Worker(${JSON.stringify(worker)}, { eval: true, resourceLimits: limits });
    worker.once('message', (size) => { console.log(size); worker.terminate(); });
  `;
  const out = execFileSync(process.execPath, ['--max-semi-space-size=2', '--input-type=module', '-e', main]);
  return Number(String(out).trim());
}

describe("memory env: the answer worker's young generation", function () {
  this.timeout(60_000);

  it('is its own once the flag is cleared (two semi-spaces of a third each), and the flag-sized one before', () => {
    expect(newSpaceOfAWorker(true)).to.equal(((2 * ANSWER_WORKER_YOUNG_GENERATION_MB) / 3) * MB);
    expect(newSpaceOfAWorker(false)).to.equal(2 * 2 * MB);
  });
});
