import type { Snapshottable } from '../shared/snapshottable.js';
import {
  CONTENT_AREAS,
  zeroVersions,
  type ContentArea,
  type ContentVersions,
  type ContentVersionVector,
} from './content-versions.js';

/**
 * Versions kept in memory. In-memory stores are read outside their transactions, so a reader may have seen
 * (and cached) a failed transaction's writes: when the stores are put back, every version is raised rather
 * than lowered, so that nothing computed meanwhile is taken for current.
 */
export class InMemoryContentVersions implements ContentVersions, Snapshottable {
  private versions = zeroVersions();

  async current(): Promise<ContentVersionVector> {
    return { ...this.versions };
  }

  bump(area: ContentArea): void {
    this.versions[area] += 1;
  }

  snapshot(): unknown {
    return undefined;
  }

  restore(): void {
    for (const area of CONTENT_AREAS) this.bump(area);
  }
}

/**
 * The store, with each of its `writes` raising `area` once it has succeeded (the in-memory stores' way of
 * raising versions; the SQLite ones do it with triggers).
 */
export function raisingVersionOnWrites<Store extends object>(
  store: Store,
  area: ContentArea,
  writes: readonly (keyof Store & string)[],
  versions: InMemoryContentVersions,
): Store {
  const writeNames = new Set<string>(writes);
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (typeof property !== 'string' || !writeNames.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        const result = await (value as (...a: unknown[]) => unknown).apply(target, args);
        versions.bump(area);
        return result;
      };
    },
  });
}
