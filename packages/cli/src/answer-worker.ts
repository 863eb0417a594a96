// The worker thread of `WorkerAnswerBuilder`: builds the answers of `large` routes with stores of its own.
import { answerBuilding, apiRoutes, type BuiltAnswer } from '@islamic-data/http-express';
import { parentPort, workerData } from 'node:worker_threads';
import { buildContainer, resolveServices } from './composition-root.js';
import { loadConfig } from './config.js';
import { timedStorage } from './metrics.js';
import { ANSWER_WORKER_NICENESS, lowerThisThreadsPriority } from './thread-priority.js';

export interface BuildRequest {
  id: number;
  route: string;
  input: Parameters<ReturnType<typeof answerBuilding>>[1];
  key: Parameters<ReturnType<typeof answerBuilding>>[2];
  acceptEncoding?: string;
  storeAt?: string;
}

/** One store method's call, timed (with METRICS_PORT): the store, the method, milliseconds. */
export type StoreCall = [string, string, number];

export type BuildReply = { id: number; storeCalls: StoreCall[] } & ({ answer: BuiltAnswer } | { failure: string });

export interface AnswerWorkerData {
  /** Time the database's ports and send the calls back with each answer (METRICS_PORT). */
  timed: boolean;
}

/** The calls timed since the last reply; each reply takes them. */
let storeCalls: StoreCall[] = [];
const takeStoreCalls = () => {
  const taken = storeCalls;
  storeCalls = [];
  return taken;
};

lowerThisThreadsPriority(ANSWER_WORKER_NICENESS);

// The server's own configuration; the worker only reads content: no Redis, no metrics, its warnings only. The
// database is the server's (migrated by it): SQLite in WAL lets this connection read beside the server's.
const ready = Promise.resolve().then(() => {
  const config = { ...loadConfig(), redisUrl: undefined, metricsPort: undefined, logLevel: 'warn' };
  const deps = resolveServices(buildContainer(config));
  if (!(workerData as AnswerWorkerData).timed) return answerBuilding(apiRoutes, deps);
  const timed = timedStorage(deps, { recordStoreCall: (...call: StoreCall) => void storeCalls.push(call) });
  return answerBuilding(apiRoutes, { ...deps, ...timed });
});

/** Bytes the worker sends by moving their memory, not by copying them: bytes that own the whole of their buffer. */
function owned(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

parentPort!.on('message', (request: BuildRequest) => {
  void (async () => {
    try {
      const answer = await (
        await ready
      )(request.route, request.input, request.key, request.acceptEncoding, request.storeAt);
      if ('body' in answer) {
        const body = owned(answer.body);
        const variant = answer.variant && { ...answer.variant, bytes: owned(answer.variant.bytes) };
        const moved = variant ? [body.buffer, variant.bytes.buffer] : [body.buffer];
        const reply: BuildReply = {
          id: request.id,
          answer: { ...answer, body, variant },
          storeCalls: takeStoreCalls(),
        };
        parentPort!.postMessage(reply, moved as ArrayBuffer[]);
      } else parentPort!.postMessage({ id: request.id, answer, storeCalls: takeStoreCalls() } satisfies BuildReply);
    } catch (error) {
      const failure = (error as Error)?.message ?? String(error);
      parentPort!.postMessage({ id: request.id, failure, storeCalls: takeStoreCalls() } satisfies BuildReply);
    }
  })();
});
