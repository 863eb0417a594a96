import type { Edition, EditionResource } from './edition.js';

/** Port: the catalogue of editions and their licences. */
export interface EditionStore {
  /** Creates the edition or replaces its metadata. */
  upsert(edition: Edition): Promise<void>;
  get(resource: EditionResource, collection: string | null, lang: string): Promise<Edition | undefined>;
  /** Ordered by resource, collection, language. */
  list(): Promise<Edition[]>;
}
