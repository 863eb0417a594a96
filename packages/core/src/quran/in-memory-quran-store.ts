import type { Snapshottable } from '../shared/snapshottable.js';
import type { QuranStore } from './quran-store.js';

export class InMemoryQuranStore implements QuranStore, Snapshottable {
  snapshot(): unknown {
    return null;
  }

  restore(_snapshot: unknown): void {}
}
