import { expect } from 'chai';
import { BASE_MEGABYTES, memoryShares } from '../src/memory-budget.js';
import { serverMemoryEnv } from '../src/memory-env.js';

const MB = 1024 * 1024;

describe('memory budget: MEMORY_BUDGET_MB shared out (issue 24)', () => {
  it('gives the cache three eighths and the answer worker half of what the budget holds beyond the base', () => {
    const shares = memoryShares(256);
    expect(256 - BASE_MEGABYTES).to.equal(128);
    expect(shares).to.deep.equal({
      representationCacheBytes: 48 * MB,
      representationStoredBytes: 1024 * MB,
      answerWorkerHeapMegabytes: 64,
    });
    expect(memoryShares(1024).representationCacheBytes).to.equal(336 * MB);
    expect(memoryShares(1024).answerWorkerHeapMegabytes).to.equal(448);
  });

  it('keeps a small cache and a worker heap of 64 MB for a budget below the base', () => {
    expect(memoryShares(16)).to.deep.equal({
      representationCacheBytes: 6 * MB,
      representationStoredBytes: 64 * MB,
      answerWorkerHeapMegabytes: 64,
    });
  });
});

describe('memory env: what a server process starts with', () => {
  it("sets glibc's malloc settings and V8's young generation unless the environment names them", () => {
    expect(serverMemoryEnv({})).to.deep.equal({
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      NODE_OPTIONS: '--max-semi-space-size=2',
    });
    const named = serverMemoryEnv({
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '65536',
      NODE_OPTIONS: '--max-semi-space-size=8 --enable-source-maps',
    });
    // The environment's flag comes last: V8 takes the last value of a flag.
    expect(named).to.deep.equal({
      MALLOC_ARENA_MAX: '4',
      MALLOC_MMAP_THRESHOLD_: '65536',
      NODE_OPTIONS: '--max-semi-space-size=2 --max-semi-space-size=8 --enable-source-maps',
    });
  });
});
