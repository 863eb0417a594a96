import type { ContentVersionVector } from '@islamic-data/core';
import type { Representation } from './representation.js';

export interface CachedRepresentation {
  representation: Representation;
  /** The content versions read before the answer was computed; null for answers that depend on none. */
  versions: ContentVersionVector | null;
  /** The minute it was computed in, for routes that read the clock. */
  minute: number | null;
}

/** What an entry costs beyond its bytes: its key (two bytes a character) and the map's and objects' overhead. */
const entryOverhead = (key: string) => 2 * key.length + 512;

/**
 * Answers by cache key, least recently used first out once their bytes (variants, keys and overhead included:
 * a flood of distinct small answers must not outgrow the budget) pass it.
 */
export class RepresentationCache {
  private readonly entries = new Map<string, CachedRepresentation>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): CachedRepresentation | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedRepresentation): void {
    const { representation } = entry;
    if (representation.size > this.maxBytes / 2) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += representation.size + entryOverhead(key);
    representation.onGrow = (grown) => {
      if (this.entries.get(key) !== entry) return;
      this.bytes += grown;
      this.evict();
    };
    this.evict();
  }

  get heldBytes(): number {
    return this.bytes;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.representation.size + entryOverhead(key);
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.delete(key);
    }
  }
}
