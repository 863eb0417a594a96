import type { AnswerBuilder, BuiltAnswer } from '@islamic-data/http-express';
import { Worker } from 'node:worker_threads';
import type { AnswerWorkerData, BuildReply, BuildRequest, StoreCall } from './answer-worker.js';

interface Waiting {
  resolve(answer: BuiltAnswer): void;
  reject(error: Error): void;
}

/**
 * Builds the answers of `large` routes (whole surahs, juz and pages, hadith pages, calendars, downloads) in one
 * worker thread with its own database connection: their reads and serialisation never hold the event loop, so
 * the small answers go on meanwhile. The body comes back by moving its memory. The thread's heap is bounded
 * (`heapMegabytes`); a worker that fails or exits fails what it was building (500) and the next build starts a
 * new one. With `onStoreCall` (METRICS_PORT), the worker times its database calls and sends them back.
 */
export class WorkerAnswerBuilder implements AnswerBuilder {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly heapMegabytes: number,
    private readonly onStoreCall?: (...call: StoreCall) => void,
  ) {}

  build(route: string, input: BuildRequest['input'], key: BuildRequest['key']): Promise<BuiltAnswer> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    return new Promise<BuiltAnswer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, route, input, key } satisfies BuildRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./answer-worker.js', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.heapMegabytes },
      workerData: { timed: this.onStoreCall !== undefined } satisfies AnswerWorkerData,
    });
    worker.unref();
    worker.on('message', (reply: BuildReply) => {
      for (const call of reply.storeCalls) this.onStoreCall?.(...call);
      const waiting = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('failure' in reply) waiting?.reject(new Error(reply.failure));
      else waiting?.resolve(reply.answer);
    });
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`The answer worker exited with code ${code}.`)));
    return worker;
  }

  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}
