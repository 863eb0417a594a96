/**
 * What a server holds before its first request, in MB of resident memory: Node and its code, the Quran's layout
 * and the city index in the main thread, the answer worker's own heap, the database connections. Measured on the
 * bench database with the server's V8 flags (memory-env.ts): 122–134 MB idle.
 */
export const BASE_MEGABYTES = 128;

/** The parts of MEMORY_BUDGET_MB that grow with traffic and are bounded by it, in bytes and MB. */
export interface MemoryShares {
  /** The in-memory representation cache (bodies below 64 KiB and their variants, keys and overhead counted). */
  representationCacheBytes: number;
  /** Answers kept in files (64 KiB and more): on disk, not in memory. */
  representationStoredBytes: number;
  /** The old generation of the answer worker's V8 heap (it needs some 40 MB to build the largest answers). */
  answerWorkerHeapMegabytes: number;
}

const MB = 1024 * 1024;

/**
 * MEMORY_BUDGET_MB is the whole process's resident memory. Beyond the base, three eighths are the representation
 * cache and half is the answer worker's heap (at least 64 MB); the last eighth is for answers in flight (bodies being
 * sent, compressions, sockets' buffers). Files hold four times the budget on disk.
 */
export function memoryShares(budgetMegabytes: number): MemoryShares {
  const growth = Math.max(budgetMegabytes - BASE_MEGABYTES, 16);
  return {
    representationCacheBytes: Math.floor((growth * 3 * MB) / 8),
    representationStoredBytes: budgetMegabytes * 4 * MB,
    answerWorkerHeapMegabytes: Math.max(64, Math.floor(growth / 2)),
  };
}
