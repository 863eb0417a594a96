import type { Edition, HadithCollectionInfo } from '@islamic-data/core';

export type HadithJsonGroup = 'the_9_books' | 'forties';

export interface HadithJsonCollection {
  slug: string;
  /** The folder of the collection under `db/by_chapter/` and `db/by_book/`. */
  group: HadithJsonGroup;
  /** The `bookId` hadith-json gives the collection. */
  bookId: number;
}

/** The nine collections of hadith-json (AhmedBaset/hadith-json), in the order the API lists them. */
export const HADITH_JSON_COLLECTIONS: readonly HadithJsonCollection[] = [
  { slug: 'bukhari', group: 'the_9_books', bookId: 1 },
  { slug: 'muslim', group: 'the_9_books', bookId: 2 },
  { slug: 'abudawud', group: 'the_9_books', bookId: 4 },
  { slug: 'tirmidhi', group: 'the_9_books', bookId: 5 },
  { slug: 'nasai', group: 'the_9_books', bookId: 3 },
  { slug: 'ibnmajah', group: 'the_9_books', bookId: 6 },
  { slug: 'malik', group: 'the_9_books', bookId: 7 },
  { slug: 'nawawi40', group: 'forties', bookId: 10 },
  { slug: 'qudsi40', group: 'forties', bookId: 11 },
];

export const HADITH_JSON_REPOSITORY = 'https://github.com/AhmedBaset/hadith-json';
/** Where the standard (sunnah.com) numbers and grades come from. */
export const HADITH_REFS_REPOSITORY = 'https://github.com/CheeseWithSauce/HadithsJSONFormat';

/** The upstream datasets' own licence words, as ../shared/data/README.md records them. */
const UPSTREAM_LICENCES =
  'hadith-json has no LICENSE file (its package.json says "ISC") and states its data was "scraped from Sunnah.com"; ' +
  'HadithsJSONFormat is MIT, "Copyright (c) 2025 CheeseWithSauce", ' +
  'and states its hadiths were "taken from sunnah.com".';

export function hadithJsonCatalogueEntry(slug: string): HadithJsonCollection | undefined {
  return HADITH_JSON_COLLECTIONS.find((entry) => entry.slug === slug);
}

export function catalogueEntryByBookId(bookId: number): HadithJsonCollection | undefined {
  return HADITH_JSON_COLLECTIONS.find((entry) => entry.bookId === bookId);
}

export const cataloguePosition = (slug: string) =>
  HADITH_JSON_COLLECTIONS.findIndex((entry) => entry.slug === slug) + 1;

/**
 * The editions of one collection as hadith-json publishes it. hadith-json scraped sunnah.com and
 * grants no rights of its own (no LICENSE file): the Arabic texts are public domain; the English
 * renderings belong to their translators or publishers, so their downloads carry no text.
 */
export function hadithJsonEditions(info: HadithCollectionInfo, languages: { ar: boolean; en: boolean }): Edition[] {
  const sourceUrl = `https://sunnah.com/${info.slug}`;
  const credits =
    `as published on sunnah.com (${sourceUrl}); texts from the hadith-json dataset (${HADITH_JSON_REPOSITORY}), ` +
    `standard numbers and grades from HadithsJSONFormat (${HADITH_REFS_REPOSITORY}). ` +
    'The numbering and the grades are those of sunnah.com and its publishers.';
  const editions: Edition[] = [];
  if (languages.ar) {
    editions.push({
      resource: 'hadith',
      collection: info.slug,
      lang: 'ar',
      name: `${info.name} (Arabic)`,
      translator: null,
      attribution: `Arabic text of ${info.name} ${credits}`,
      license: `Public domain (the Arabic text). ${UPSTREAM_LICENCES}`,
      sourceUrl,
      publicDomain: true,
    });
  }
  if (languages.en) {
    editions.push({
      resource: 'hadith',
      collection: info.slug,
      lang: 'en',
      name: `${info.name} (English)`,
      translator: null,
      attribution:
        `English translation of ${info.name} ${credits} ` +
        'The translation is credited to its translators and publishers.',
      license:
        'Rights in the English translations belong to their original translators or publishers as published on ' +
        `sunnah.com; not redistributed here (text: null). ${UPSTREAM_LICENCES}`,
      sourceUrl,
      publicDomain: false,
    });
  }
  return editions;
}
