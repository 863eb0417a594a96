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

/** An entry with what it is counted for, and the segment it is in. */
interface Kept {
  entry: CachedRepresentation;
  bytes: number;
  stored: number;
  proven: boolean;
}

/**
 * The share of the budget (in memory and in files) that answers read again may hold; new answers have the rest. On
 * the mix most answers are asked for once (a prayer time at random coordinates, a random ayah or hadith, a calendar
 * of a random month): in one least-recently-used order they pushed out the answers asked for again and again.
 */
const PROVEN_SHARE = 0.75;

/**
 * Answers by cache key, in two least-recently-used segments (a segmented LRU): an answer is kept first on probation,
 * and moves to the proven segment when it is read again from the cache; the proven segment holds at most
 * `PROVEN_SHARE` of the budget, its least recently used going back on probation. The least recently used on
 * probation (then, if none is left, of the proven) are let go once the bytes in memory (variants, keys and overhead
 * included: a flood of distinct small answers must not outgrow the budget) pass `maxBytes`, or the bytes in files
 * (stored representations) pass `maxStoredBytes`. An entry let go is told (`discard`), so its files go.
 */
export class RepresentationCache {
  private readonly probation = new Map<string, Kept>();
  private readonly proven = new Map<string, Kept>();
  private bytes = 0;
  private stored = 0;
  private provenBytes = 0;
  private provenStored = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxStoredBytes: number = maxBytes * 16,
  ) {}

  get(key: string): CachedRepresentation | undefined {
    const proven = this.proven.get(key);
    if (proven) {
      this.proven.delete(key);
      this.proven.set(key, proven);
      return proven.entry;
    }
    const kept = this.probation.get(key);
    if (!kept) return undefined;
    this.probation.delete(key);
    this.prove(key, kept);
    return kept.entry;
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
    const kept: Kept = {
      entry,
      bytes: representation.size + entryOverhead(key),
      stored: representation.storedBytes,
      proven: false,
    };
    this.probation.set(key, kept);
    this.bytes += kept.bytes;
    this.stored += kept.stored;
    representation.onGrow = (grown, storedGrown = 0) => {
      if (this.segmentOf(kept).get(key) !== kept) return;
      this.count(kept, grown, storedGrown);
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

  private count(kept: Kept, bytes: number, stored: number): void {
    kept.bytes += bytes;
    kept.stored += stored;
    this.bytes += bytes;
    this.stored += stored;
    if (kept.proven) this.countProven(bytes, stored);
  }

  private countProven(bytes: number, stored: number): void {
    this.provenBytes += bytes;
    this.provenStored += stored;
  }

  private segmentOf(kept: Kept): Map<string, Kept> {
    return kept.proven ? this.proven : this.probation;
  }

  /** Moves an answer read again into the proven segment, and the proven segment's least recently used out of it. */
  private prove(key: string, kept: Kept): void {
    kept.proven = true;
    this.proven.set(key, kept);
    this.countProven(kept.bytes, kept.stored);
    for (const [oldest, demoted] of this.proven) {
      if (this.provenBytes <= this.maxBytes * PROVEN_SHARE && this.provenStored <= this.maxStoredBytes * PROVEN_SHARE)
        return;
      this.proven.delete(oldest);
      demoted.proven = false;
      this.countProven(-demoted.bytes, -demoted.stored);
      this.probation.set(oldest, demoted);
    }
  }

  private delete(key: string): void {
    const kept = this.proven.get(key) ?? this.probation.get(key);
    if (!kept) return;
    this.segmentOf(kept).delete(key);
    this.count(kept, -kept.bytes, -kept.stored);
    kept.entry.representation.discard?.();
  }

  private evict(): void {
    const full = () => this.bytes > this.maxBytes || this.stored > this.maxStoredBytes;
    for (const segment of [this.probation, this.proven])
      for (const key of segment.keys()) {
        if (!full()) return;
        this.delete(key);
      }
  }
}
