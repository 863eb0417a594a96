import type { Snapshottable } from '../shared/snapshottable.js';
import type { HadithStore } from './hadith-store.js';

export class InMemoryHadithStore implements HadithStore, Snapshottable {
  snapshot(): unknown {
    return null;
  }

  restore(_snapshot: unknown): void {}
}
