/**
 * The keys of the last `capacity` answers a cache let go without keeping, oldest forgotten first: a doorkeeper, so
 * that an answer is kept only from its second miss. Each key is remembered as a 32-bit hash (FNV-1a), a few bytes
 * whatever its length; two keys that share one only make an answer kept at its first miss.
 */
export class RecentMisses {
  private readonly hashes = new Set<number>();

  constructor(readonly capacity: number) {}

  /** Whether `key` missed since the last `capacity` misses. */
  has(key: string): boolean {
    return this.hashes.has(hashOf(key));
  }

  /** Notes a miss of `key`, forgetting the oldest past `capacity`. */
  note(key: string): void {
    const hash = hashOf(key);
    this.hashes.delete(hash);
    this.hashes.add(hash);
    if (this.hashes.size > this.capacity) this.hashes.delete(this.hashes.values().next().value!);
  }

  get size(): number {
    return this.hashes.size;
  }
}

function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
