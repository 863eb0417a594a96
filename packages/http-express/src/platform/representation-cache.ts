import type { ContentVersionVector } from '@islamic-data/core';
import type { KeptRepresentation } from './representation.js';

export interface CachedRepresentation {
  representation: KeptRepresentation;
  /** The content versions read before the answer was computed; null for answers that depend on none. */
  versions: ContentVersionVector | null;
  /** The minute it was computed in, for routes that read the clock. */
  minute: number | null;
}

/** What an entry costs beyond its bytes: its key (two bytes a character) and the map's and objects' overhead. */
const entryOverhead = (key: string) => 2 * key.length + 512;

/**
 * Answers by cache key, least recently used first out once their bytes in memory (variants, keys and overhead
 * included: a flood of distinct small answers must not outgrow the budget) pass `maxBytes`, or their bytes in
 * files (stored representations) pass `maxStoredBytes`. An entry let go is told (`discard`), so its files go.
 */
export class RepresentationCache {
  private readonly entries = new Map<string, CachedRepresentation>();
  private bytes = 0;
  private stored = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxStoredBytes: number = maxBytes * 16,
  ) {}

  get(key: string): CachedRepresentation | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Whether an answer of `length` bytes would be kept: none above half its budget (in memory or in files). */
  accepts(length: number, inFiles: boolean): boolean {
    return length <= (inFiles ? this.maxStoredBytes : this.maxBytes) / 2;
  }

  /** Keeps an entry, if it is not too large (then it is not kept, and false is returned). */
  set(key: string, entry: CachedRepresentation): boolean {
    const { representation } = entry;
    const inFiles = representation.discard !== undefined;
    if (!this.accepts(inFiles ? representation.size + representation.storedBytes : representation.size, inFiles))
      return false;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += representation.size + entryOverhead(key);
    this.stored += representation.storedBytes;
    representation.onGrow = (grown, storedGrown = 0) => {
      if (this.entries.get(key) !== entry) return;
      this.bytes += grown;
      this.stored += storedGrown;
      this.evict();
    };
    this.evict();
    return true;
  }

  /** Bytes held in memory. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** Bytes held in files. */
  get storedBytes(): number {
    return this.stored;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.representation.size + entryOverhead(key);
    this.stored -= entry.representation.storedBytes;
    entry.representation.discard?.();
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes && this.stored <= this.maxStoredBytes) return;
      this.delete(key);
    }
  }
}
