import type { Snapshottable } from '../shared/snapshottable.js';
import { sameEdition, type Edition, type EditionResource } from './edition.js';
import type { EditionStore } from './edition-store.js';

export class InMemoryEditionStore implements EditionStore, Snapshottable {
  private editions: Edition[] = [];

  async upsert(edition: Edition): Promise<void> {
    this.editions = [...this.editions.filter((existing) => !sameEdition(existing, edition)), structuredClone(edition)];
  }

  async get(resource: EditionResource, collection: string | null, lang: string): Promise<Edition | undefined> {
    const found = this.editions.find((edition) => sameEdition(edition, { resource, collection, lang }));
    return found && structuredClone(found);
  }

  async list(): Promise<Edition[]> {
    const order = (edition: Edition) => `${edition.resource}\u0000${edition.collection ?? ''}\u0000${edition.lang}`;
    return [...this.editions]
      .sort((a, b) => order(a).localeCompare(order(b)))
      .map((edition) => structuredClone(edition));
  }

  snapshot(): unknown {
    return structuredClone(this.editions);
  }

  restore(snapshot: unknown): void {
    this.editions = structuredClone(snapshot as Edition[]);
  }
}
