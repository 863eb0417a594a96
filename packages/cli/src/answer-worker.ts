// The worker thread of `WorkerAnswerBuilder`: builds the answers of `large` routes with stores of its own.
import { answerBuilding, apiRoutes, type BuiltAnswer } from '@islamic-data/http-express';
import { parentPort } from 'node:worker_threads';
import { buildContainer, resolveServices } from './composition-root.js';
import { loadConfig } from './config.js';

export interface BuildRequest {
  id: number;
  route: string;
  input: Parameters<ReturnType<typeof answerBuilding>>[1];
  key: Parameters<ReturnType<typeof answerBuilding>>[2];
}

export type BuildReply = { id: number; answer: BuiltAnswer } | { id: number; failure: string };

// The server's own configuration; the worker only reads content: no Redis, no metrics, its warnings only. The
// database is the server's (migrated by it): SQLite in WAL lets this connection read beside the server's.
const ready = Promise.resolve().then(() => {
  const config = { ...loadConfig(), redisUrl: undefined, metricsPort: undefined, logLevel: 'warn' };
  return answerBuilding(apiRoutes, resolveServices(buildContainer(config)));
});

/** A body the worker sends by moving its memory, not by copying it: one that owns the whole of its buffer. */
function owned(body: Uint8Array): Uint8Array {
  return body.byteOffset === 0 && body.byteLength === body.buffer.byteLength ? body : new Uint8Array(body);
}

parentPort!.on('message', (request: BuildRequest) => {
  void (async () => {
    try {
      const answer = await (await ready)(request.route, request.input, request.key);
      if ('body' in answer) {
        const body = owned(answer.body);
        parentPort!.postMessage({ id: request.id, answer: { ...answer, body } } satisfies BuildReply, [
          body.buffer as ArrayBuffer,
        ]);
      } else parentPort!.postMessage({ id: request.id, answer } satisfies BuildReply);
    } catch (error) {
      parentPort!.postMessage({ id: request.id, failure: (error as Error)?.message ?? String(error) });
    }
  })();
});
