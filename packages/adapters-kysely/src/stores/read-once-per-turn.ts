/**
 * A read whose callers of one turn of the event loop share one run of it, made in that turn's check phase
 * (setImmediate). Every caller sharing a run called before the run began, so the run sees every commit made before
 * any of its callers asked: what each caller is owed (CONTRACT §17: no stale answer after a write's response).
 * Under load a turn takes in many requests, and each asks the content versions: one probe answers them all.
 * A call made once the run has begun waits for the next one.
 */
export function readOncePerTurn<T>(read: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () =>
    (next ??= new Promise<T>((resolve, reject) =>
      setImmediate(() => {
        next = undefined;
        read().then(resolve, reject);
      }),
    ));
}
