import { isDeepStrictEqual } from 'node:util';
import type { Edition } from './edition.js';
import type { EditionStore } from './edition-store.js';

/** Stores an imported edition only when it differs from the stored one; gives the one it replaced. */
export async function saveEditionIfChanged(
  editions: EditionStore,
  edition: Edition,
): Promise<{ previous: Edition | null; changed: boolean }> {
  const previous = (await editions.get(edition.resource, edition.collection, edition.lang)) ?? null;
  const changed = !isDeepStrictEqual(previous, edition);
  if (changed) await editions.upsert(edition);
  return { previous, changed };
}
