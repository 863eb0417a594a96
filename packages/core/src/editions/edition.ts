import { AppError } from '../errors.js';

export type EditionResource = 'quran' | 'hadith';

/**
 * One downloadable text: the Quran in one language, or one Hadith collection in one language,
 * with the licence every download entry carries.
 */
export interface Edition {
  resource: EditionResource;
  /** The Hadith collection slug; null for the Quran. */
  collection: string | null;
  lang: string;
  name: string;
  translator: string | null;
  attribution: string;
  license: string;
  sourceUrl: string;
  /** Public-domain editions are downloaded in full; the rest give `text: null`. */
  publicDomain: boolean;
}

/**
 * NOT_FOUND: no edition of the Quran in that language; carries the language so an adapter can point
 * at its own index.
 */
export class MissingQuranEdition extends AppError {
  constructor(readonly lang: string) {
    super('NOT_FOUND', `There is no Quran edition in '${lang}'.`);
  }
}

export function sameEdition(
  a: Pick<Edition, 'resource' | 'collection' | 'lang'>,
  b: Pick<Edition, 'resource' | 'collection' | 'lang'>,
): boolean {
  return a.resource === b.resource && a.collection === b.collection && a.lang === b.lang;
}

/** The licence fields every download entry of an edition carries (CONTRACT §13). */
export function licenceOf(edition: Edition): { attribution: string; license: string; source_url: string } {
  return { attribution: edition.attribution, license: edition.license, source_url: edition.sourceUrl };
}

/** The licence and, for a public-domain edition only, the text of one download entry (CONTRACT §13). */
export function downloadFieldsOf(edition: Edition, text: string) {
  return { ...licenceOf(edition), text: edition.publicDomain ? text : null };
}

/** An edition as the index of downloadable editions lists it (an adapter adds where to download it). */
export function editionIndexEntry(edition: Edition) {
  return {
    resource: edition.resource,
    collection: edition.collection,
    lang: edition.lang,
    name: edition.name,
    translator: edition.translator,
    ...licenceOf(edition),
    publicDomain: edition.publicDomain,
  };
}
