import type { AnswerBuilder, BuiltAnswer } from '@islamic-data/http-express';
import { Worker } from 'node:worker_threads';
import type { AnswerWorkerData, BuildReply, BuildRequest, StoreCall } from './answer-worker.js';

interface Waiting {
  resolve(answer: BuiltAnswer): void;
  reject(error: Error): void;
}

/** Builds the worker has in hand at once: enough to overlap one's database reads with another's serialising. */
const BUILDS_AT_ONCE = 4;

/**
 * Builds the answers of `large` routes (whole surahs, juz and pages, hadith pages, calendars, downloads) in one
 * worker thread with its own database connection: their reads and serialisation never hold the event loop, so
 * the small answers go on meanwhile. The body, with its entity tag and its variant in the coding the request
 * prefers (hashed and compressed there too), comes back by moving its memory. The thread's heap is bounded
 * (`heapMegabytes`), and so is what it builds at once (`BUILDS_AT_ONCE`; the rest wait their turn here, as
 * messages not yet sent): a hundred answers built side by side outgrew a 64 MB heap. A worker that fails or exits
 * fails what it was building (500) and the next build starts a new one. With `onStoreCall` (METRICS_PORT), the
 * worker times its database calls and sends them back.
 */
export class WorkerAnswerBuilder implements AnswerBuilder {
  private worker: Worker | undefined;
  private next = 0;
  /** Builds sent to the worker and not yet answered. */
  private readonly waiting = new Map<number, Waiting>();
  /** Builds not sent yet, first come first sent. */
  private readonly queued: { request: BuildRequest; waiting: Waiting }[] = [];

  constructor(
    private readonly heapMegabytes: number,
    private readonly onStoreCall?: (...call: StoreCall) => void,
  ) {}

  build(
    route: string,
    input: BuildRequest['input'],
    key: BuildRequest['key'],
    acceptEncoding?: string,
    storeAt?: string,
  ): Promise<BuiltAnswer> {
    const request: BuildRequest = { id: this.next++, route, input, key, acceptEncoding, storeAt };
    return new Promise<BuiltAnswer>((resolve, reject) => {
      this.queued.push({ request, waiting: { resolve, reject } });
      this.sendQueued();
    });
  }

  private sendQueued(): void {
    while (this.waiting.size < BUILDS_AT_ONCE && this.queued.length > 0) {
      const { request, waiting } = this.queued.shift()!;
      const worker = (this.worker ??= this.start());
      this.waiting.set(request.id, waiting);
      worker.postMessage(request);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const { waiting } of this.queued.splice(0)) waiting.reject(new Error('The answer builder is closed.'));
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
      this.sendQueued();
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
    this.sendQueued();
  }
}
