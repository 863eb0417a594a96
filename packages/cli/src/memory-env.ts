/**
 * The glibc malloc settings a server process should start with, unless its environment already names them:
 * - `MALLOC_ARENA_MAX=2`: without it glibc gives each thread that allocates (the threadpool's compressions, the
 *   answer worker, V8's helpers) an arena of its own, up to eight per core, and keeps what they freed;
 * - `MALLOC_MMAP_THRESHOLD_=131072`: every allocation of 128 KiB or more (a large answer's body, a compressor's
 *   state) is its own mapping, returned to the system when freed. By default glibc raises that threshold after each
 *   such free (up to 32 MiB), after which large buffers come from the arenas and their memory is kept.
 * On the mix (`npm run bench:mix`, 30,000 requests) the two took the server's peak RSS from 703 to 526 MB, the
 * request rate unchanged. glibc reads them when the process starts, so they are set by whoever starts the server:
 * `npm start`, the primary of `WORKERS=N` for its workers, the benchmarks, and the service's environment
 * (systemd unit, container) when `node … serve` is started directly (docs/operations.md, "Memory").
 */
export const SERVER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** `SERVER_MALLOC_ENV`, each value replaced by the one `env` already has. */
export function serverMallocEnv(env: NodeJS.ProcessEnv): Record<keyof typeof SERVER_MALLOC_ENV, string> {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || SERVER_MALLOC_ENV.MALLOC_ARENA_MAX,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || SERVER_MALLOC_ENV.MALLOC_MMAP_THRESHOLD_,
  };
}
