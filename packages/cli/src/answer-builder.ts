import { AppError } from '@islamic-data/core';
import type { AnswerBuilder, BuiltAnswer } from '@islamic-data/http-express';
import { Worker } from 'node:worker_threads';
import type { AnswerWorkerData, BuildReply, BuildRequest, StoreCall } from './answer-worker.js';

interface Build {
  request: BuildRequest;
  resolve(answer: BuiltAnswer): void;
  reject(error: Error): void;
  /** Built with nothing beside it: a route's `builtAlone`, or a build made again after the worker failed. */
  alone?: true;
  /** Made again already: a second failure is final. */
  again?: true;
}

export interface AnswerBuilderOptions {
  /** Told each database call the worker timed (METRICS_PORT). */
  onStoreCall?: (...call: StoreCall) => void;
  /** Told each failure of the worker (the server logs it). */
  onWorkerFailure?: (error: Error) => void;
  /** Routes (`GET /path`) whose answers are built with nothing beside them (`builtAlone`: downloads). */
  builtAlone?: Iterable<string>;
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
 * (out of heap, most likely) is replaced, and each build it had in hand is made again once, alone in the new
 * worker, so that one answer too large for the heap does not take the others down with it, and one that met a heap
 * full of others' garbage gets a fresh one; a build that fails again is refused as SERVICE_UNAVAILABLE (503).
 * Downloads (`builtAlone`) are built alone from the start: beside others, one had run the worker out of heap on
 * every mix run. With `onStoreCall` (METRICS_PORT), the worker times its database calls and sends them back;
 * `onWorkerFailure` is told each failure (the server logs it).
 */
export class WorkerAnswerBuilder implements AnswerBuilder {
  private worker: Worker | undefined;
  private next = 0;
  /** Builds sent to the worker and not yet answered. */
  private readonly waiting = new Map<number, Build>();
  /** Builds not sent yet, first come first sent (those to build again alone first). */
  private readonly queued: Build[] = [];

  private readonly builtAlone: ReadonlySet<string>;

  constructor(
    private readonly heapMegabytes: number,
    private readonly options: AnswerBuilderOptions = {},
  ) {
    this.builtAlone = new Set(options.builtAlone);
  }

  build(
    route: string,
    input: BuildRequest['input'],
    key: BuildRequest['key'],
    acceptEncoding?: string,
    storeAt?: string,
  ): Promise<BuiltAnswer> {
    const request: BuildRequest = { id: this.next++, route, input, key, acceptEncoding, storeAt };
    return new Promise<BuiltAnswer>((resolve, reject) => {
      this.queued.push({ request, resolve, reject, ...(this.builtAlone.has(route) && { alone: true as const }) });
      this.sendQueued();
    });
  }

  /**
   * Starts the worker now rather than with the first build: it takes about half a second to start (its modules,
   * its stores), which the first large answers after a start waited for. On the mix at 600 req/s from a fresh
   * server, the p99 of every answer went from 230–261 to 52–73 ms (`npm run bench:mix`).
   */
  warmUp(): void {
    this.worker ??= this.start();
  }

  /** Worker threads running: 0 or 1. */
  get workers(): number {
    return this.worker === undefined ? 0 : 1;
  }

  private sendQueued(): void {
    const buildingAlone = () => [...this.waiting.values()].some((build) => build.alone);
    while (this.waiting.size < BUILDS_AT_ONCE && this.queued.length > 0 && !buildingAlone()) {
      if (this.queued[0]!.alone && this.waiting.size > 0) return;
      const build = this.queued.shift()!;
      const worker = (this.worker ??= this.start());
      this.waiting.set(build.request.id, build);
      worker.postMessage(build.request);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const build of this.queued.splice(0)) build.reject(new Error('The answer builder is closed.'));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./answer-worker.js', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.heapMegabytes },
      workerData: { timed: this.options.onStoreCall !== undefined } satisfies AnswerWorkerData,
    });
    worker.unref();
    worker.on('message', (reply: BuildReply) => {
      for (const call of reply.storeCalls) this.options.onStoreCall?.(...call);
      const build = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if ('failure' in reply) build?.reject(new Error(reply.failure));
      else build?.resolve(reply.answer);
      this.sendQueued();
    });
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`The answer worker exited with code ${code}.`)));
    return worker;
  }

  private fail(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.options.onWorkerFailure?.(error);
    const inHand = [...this.waiting.values()];
    this.waiting.clear();
    for (const build of inHand.filter(({ again }) => again)) build.reject(tooLargeToBuild());
    const again = inHand.filter((build) => !build.again);
    this.queued.unshift(...again.map((build) => ({ ...build, alone: true as const, again: true as const })));
    this.sendQueued();
  }
}

const tooLargeToBuild = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    "This answer could not be built within the server's memory (MEMORY_BUDGET_MB); try again later.",
  );
