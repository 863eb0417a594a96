import v8 from 'node:v8';

/**
 * What a server process should start with, unless its environment already names it:
 * - `MALLOC_ARENA_MAX=2`: without it glibc gives each thread that allocates (the threadpool's compressions, the
 *   answer worker, V8's helpers) an arena of its own, up to eight per core, and keeps what they freed;
 * - `MALLOC_MMAP_THRESHOLD_=327680`: every allocation of 320 KiB or more (a large answer's body, a large window of a
 *   compressor) is its own mapping, returned to the system when freed. By default glibc raises that threshold after
 *   each such free (up to 32 MiB), after which large buffers come from the arenas and their memory is kept. At 32 KiB
 *   the main arena grew to 43–57 MB over the mix instead of 73–85, but the peak only 4–11 MB less, for 0.07–0.09 ms
 *   more of server CPU per request (a mapping and its page faults per body of 32 KiB or more). It was 128 KiB, below
 *   the 256 KiB hash table every brotli encoder at quality 2 allocates however small its input: each compression
 *   of a 1 KB answer then mapped that table, faulted its pages in and unmapped it, 59–86 µs where it takes 26–43 µs
 *   from an arena.
 * - `MALLOC_TRIM_THRESHOLD_=1048576`: glibc gives the top of an arena back to the system once 1 MiB of it is free,
 *   not 128 KiB (its default once the mapping threshold is named): a freed hash table at the top is kept for the
 *   next compression rather than returned and faulted in again.
 * - `--max-semi-space-size=2` in NODE_OPTIONS: V8's young generation of each thread (the main one, the answer
 *   worker) at 2 MiB a half instead of 16, which the main thread otherwise grows to as soon as it starts.
 * On the mix (`npm run bench:mix`, 30,000 requests) the malloc settings took the server's peak RSS from 703 to
 * 526 MB, and the young generation's took an idle server from 106 to 72 MB of anonymous memory and the mix's peak
 * from 519–536 to 480–494 MB, the server's CPU per request unchanged (1.41–1.60 ms before, 1.33–1.43 after). glibc and
 * V8 read them when the process starts, so they are set by whoever starts the server: `npm start`, the primary of
 * `WORKERS=N` for its workers, the benchmarks, and the service's environment (systemd unit, container) when
 * `node … serve` is started directly (docs/operations.md, "Memory").
 */
export const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '327680',
  MALLOC_TRIM_THRESHOLD_: '1048576',
} as const;

/**
 * V8 grows a heap after each full collection by a factor it picks from the collection's speed, up to 4: on the mix
 * the main thread's heap reached 98–104 MB with 35–55 MB live. At 1.5 it stays within 63–66 MB (the answer
 * worker's as well, within its limit). Node refuses this flag in NODE_OPTIONS, and V8 reads it at each collection,
 * so the server sets it as it starts (`limitHeapGrowth`); it holds for every thread of the process.
 */
export const SERVER_HEAP_GROWING_PERCENT = 50;

export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${SERVER_HEAP_GROWING_PERCENT}`);
}

/** The V8 flags a server starts with, first in NODE_OPTIONS: a value the environment gives comes later and wins. */
export const SERVER_V8_FLAGS = '--max-semi-space-size=2';

/** The environment a server process starts with: `SERVER_MALLOC_ENV` and `SERVER_V8_FLAGS` beside what `env` has. */
export function serverMemoryEnv(
  env: NodeJS.ProcessEnv,
): Record<keyof typeof SERVER_MALLOC_ENV | 'NODE_OPTIONS', string> {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || SERVER_MALLOC_ENV.MALLOC_ARENA_MAX,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || SERVER_MALLOC_ENV.MALLOC_MMAP_THRESHOLD_,
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ || SERVER_MALLOC_ENV.MALLOC_TRIM_THRESHOLD_,
    NODE_OPTIONS: `${SERVER_V8_FLAGS} ${env.NODE_OPTIONS ?? ''}`.trim(),
  };
}
