import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { composeServices } from '../src/composition-root.js';
import { loadConfig } from '../src/config.js';
import { BASE_MEGABYTES, memoryShares } from '../src/memory-budget.js';
import { serverMemoryEnv } from '../src/memory-env.js';

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
