import type { Snapshottable } from '../shared/snapshottable.js';
import type { MosqueStore } from './mosque-store.js';

export class InMemoryMosqueStore implements MosqueStore, Snapshottable {
  snapshot(): unknown {
    return null;
  }

  restore(_snapshot: unknown): void {}
}
