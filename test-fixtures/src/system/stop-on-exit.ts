/**
 * Runs `stop` once: when called, or when the process exits (also after a failure or a signal), so
 * that no server a test started outlives the test process. `stop` must be synchronous.
 */
export function stopOnExit(stop: () => void): () => void {
  let stopped = false;
  const once = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', once);
    stop();
  };
  process.on('exit', once);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      once();
      process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
    });
  }
  return once;
}
