/**
 * What a server holds before its first request, in MB of resident memory: Node and its code, the Quran's layout
 * and the city index in the main thread, the answer worker's own heap, the database connections. Measured on the
 * bench database with the server's V8 flags (memory-env.ts): 122–134 MB idle.
 */
export const BASE_MEGABYTES = 128;

/** The parts of MEMORY_BUDGET_MB that grow with traffic and are bounded by it, in bytes and MB. */
export interface MemoryShares {
  /**
   * The in-memory representation cache (bodies below 64 KiB and their variants, and the files of stored answers read
   * for a third time, keys and overhead counted).
   */
  representationCacheBytes: number;
  /** Answers kept in files (64 KiB and more): on disk, not in memory. */
  representationStoredBytes: number;
  /** The old generation of the answer worker's V8 heap (it needs some 40 MB to build the largest answers). */
  answerWorkerHeapMegabytes: number;
  /** The page cache of each of the server's two SQLite connections (the main thread's, the answer worker's), in KiB. */
  databaseCacheKibibytes: number;
}

const MB = 1024 * 1024;

/**
 * MEMORY_BUDGET_MB is the whole process's resident memory (VmRSS, file-backed pages included: Node's own code is
 * some 56 MB of it). Beyond the base, two sixteenths are the representation cache and half is the answer worker's
 * heap (at least 64 MB); the last six sixteenths are for answers in flight (bodies being sent, compressions, sockets'
 * buffers). Files hold four times the budget on disk. Each SQLite connection's page cache is 1/64 of the budget
 * (4 MB at 256; better-sqlite3's SQLite keeps 16 MB a connection, which the mix filled), and the file is never
 * mapped (database.ts): its mapped pages would count in the resident memory, up to the file's size.
 *
 * Measured on the mix (`npm run bench:mix`, 30,000 requests, closed loop, 100 connections; samples every 200 ms of
 * /proc/<pid>/smaps and each thread's V8 statistics), at the peak of 420–454 MB before: V8's heaps 98–104 MB
 * (main thread, 35–55 MB live: V8 grew it up to four times) and 37–58 MB (answer worker); bodies in memory 95–130
 * MB (the cache's 48, bodies being sent, and bodies dead but not yet collected); glibc's arenas 110–120 MB (the main
 * one alone 73–85 MB); the two page caches up to 32 MB; brotli encoders 16–35 MB while a large answer is compressed
 * from its file (window of 2^24 bytes); file-backed pages 56 MB. Bounded since: V8's heap growth at 1.5
 * (memory-env.ts: main heap 63–68 MB), the page caches at 4 MB: peak 330–360 MB; brotli's window at 2^20 and
 * representations that let their identity body go once compressed (compression.ts, representation.ts): peak
 * 310–325 MB. The heap growth costs 0.04–0.06
 * ms of server CPU per request (the main thread's collector 11 % of its time against 8–10 %). Tried and left: glibc's
 * mapping threshold at 32 KiB (main arena 43–57 MB, peak 4–11 MB lower, 0.07–0.09 ms more a request), a 24 MB cache
 * (peak 301–309 MB, 0.1–0.2 ms more a request: fewer answers kept; with compact representations 295–309 MB, 0.06
 * ms more), one malloc arena (no change). What is left above 300 MB is not bounded here: V8's two heaps and what is
 * live in glibc's arenas (139 MB in use of 140 taken, mid-mix: they keep next to nothing freed) while large answers
 * are built and sent (see docs/operations.md, "Memory"). Since, the cache's keys are kept flat (cached-answer.ts: 9
 * MB less of the main thread's heap) and its share is three sixteenths (24 MB). Peak RSS of 30,000-request rounds:
 * 315–321 MB before, 289–298 at 32 MB, 281–285 at 24 MB; of 100,000-request rounds, which climb further: 304–314 MB
 * at 32 MB, 294–297 at 24 MB. The smaller cache keeps fewer answers: some 0.05 ms more of server CPU a request
 * (0.76–0.89 ms against 0.80–0.84 before). Since precomputed answers (precompute-answers.ts in http-express), a miss
 * of a whole surah or juz costs a read of its answer, not its build, and 100,000-request rounds peaked at 295–303 MB
 * with 24 MB; at two sixteenths (16 MB) 285–287 MB, for the same 0.84 ms a request.
 */
export function memoryShares(budgetMegabytes: number, engine: 'sqlite' | 'postgres' = 'sqlite'): MemoryShares {
  const growth = Math.max(budgetMegabytes - BASE_MEGABYTES, 16);
  const databaseCacheKibibytes = Math.min(16_000, Math.max(1024, budgetMegabytes * 16));
  // PostgreSQL keeps its pages in its own process: the two page caches' share goes to the cache, where a miss costs
  // round trips to PostgreSQL (on the mix: 0.83 of SQLite's req/s with 24 MB, 0.74–0.79 with 16).
  const pageCachesBytes = engine === 'postgres' ? 2 * databaseCacheKibibytes * 1024 : 0;
  return {
    representationCacheBytes: Math.floor((growth * 2 * MB) / 16) + pageCachesBytes,
    representationStoredBytes: budgetMegabytes * 4 * MB,
    answerWorkerHeapMegabytes: Math.max(64, Math.floor(growth / 2)),
    databaseCacheKibibytes,
  };
}
