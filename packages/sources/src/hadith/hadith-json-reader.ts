import { validationError, type HadithSourceCollection } from '@islamic-data/core';
import { isHttpUrl } from '../byte-source.js';
import { HADITH_JSON_COLLECTIONS, hadithJsonCatalogueEntry } from './hadith-json-catalogue.js';
import { readHadithJsonDirectory } from './hadith-json-directory.js';
import { readHadithJsonUrl } from './hadith-json-http.js';

/**
 * Reads the hadith-json layout from a local path or an http(s) URL, one collection at a time (in
 * catalogue order), so that only one collection is in memory. `only` limits it to those slugs.
 */
export function readHadithJson(from: string, only?: readonly string[]): AsyncGenerator<HadithSourceCollection> {
  const unknown = only?.find((slug) => !hadithJsonCatalogueEntry(slug));
  if (unknown !== undefined) {
    throw validationError(
      `'${unknown}' is not a collection; ` +
        `the collections are ${HADITH_JSON_COLLECTIONS.map((entry) => entry.slug).join(', ')}.`,
    );
  }
  return isHttpUrl(from) ? readHadithJsonUrl(from, only) : readHadithJsonDirectory(from, only);
}
