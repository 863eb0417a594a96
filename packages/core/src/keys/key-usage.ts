import type { UnitOfWork } from '../shared/unit-of-work.js';
import type { ApiKeyRecord } from './api-key.js';

/** `lastUsedAt` is recorded at most this often per key, so that reads do not turn into writes. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Where a verified key's use is told: never awaited by the request that used it. */
export interface KeyUsage {
  record(key: ApiKeyRecord, at: Date): void;
}

/** Keys whose last recorded use is remembered (beyond it the memory is cleared; a few extra writes follow). */
const MAX_REMEMBERED_KEYS = 100_000;

/**
 * Records `lastUsedAt` off the request path (issue 26, point 1): a use is noted in memory, and `flush()` writes
 * every key's latest use in one short transaction of its own. The process calls `flush()` every few seconds;
 * a flush that cannot write (the database busy with a long import, or down) keeps the uses for the next one and
 * reports the failure, so a read never waits for, nor fails on, the write of its key's last use. Best effort: a
 * process killed between two flushes loses at most those seconds of `lastUsedAt`.
 */
export class KeyUsageRecorder implements KeyUsage {
  private readonly pending = new Map<string, string>();
  /** Per key id, the last use recorded (ms), so that a key seen every second is written once a minute. */
  private readonly recorded = new Map<string, number>();
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly deps: { unitOfWork: UnitOfWork; onFlushError?: (error: unknown) => void },
    private readonly resolutionMs = LAST_USED_RESOLUTION_MS,
  ) {}

  record(key: ApiKeyRecord, at: Date): void {
    const now = at.getTime();
    // What this process recorded first: a key in use is found there, without reading its stored time again.
    const recorded = this.recorded.get(key.id);
    if (recorded !== undefined && now - recorded < this.resolutionMs) return;
    const stored = key.lastUsedAt === null ? -Infinity : Date.parse(key.lastUsedAt);
    if (now - Math.max(stored, recorded ?? -Infinity) < this.resolutionMs) return;
    if (this.recorded.size >= MAX_REMEMBERED_KEYS) this.recorded.clear();
    this.recorded.set(key.id, now);
    this.pending.set(key.id, at.toISOString());
  }

  /** Uses noted and not yet written. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Writes the uses noted so far in one transaction; one flush at a time, failures kept for the next. */
  flush(): Promise<void> {
    this.flushing ??= this.writePending().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending.clear();
    try {
      await this.deps.unitOfWork.run(async (stores) => {
        for (const [id, at] of batch) await stores.keys.markUsed(id, at);
      });
    } catch (error) {
      // Uses noted since are newer: they win over the batch that failed.
      for (const [id, at] of batch) if (!this.pending.has(id)) this.pending.set(id, at);
      this.deps.onFlushError?.(error);
    }
  }
}
