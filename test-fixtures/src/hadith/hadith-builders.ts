import type {
  Edition,
  HadithBook,
  HadithCollectionInfo,
  HadithSourceCollection,
  ImportedHadith,
  SourceHadith,
} from '@islamic-data/core';

/** Visibly synthetic Hadith data: never real text. */

export function aHadithCollectionInfo(overrides: Partial<HadithCollectionInfo> = {}): HadithCollectionInfo {
  const slug = overrides.slug ?? 'test-collection';
  return {
    slug,
    name: `Test collection ${slug}`,
    nameAr: `Test collection ${slug} (ar)`,
    position: 1,
    numbering: 'sequence',
    ...overrides,
  };
}

export function aHadithBook(number: number): HadithBook {
  return { number, nameEn: `Test book ${number}`, nameAr: `Test book ${number} (ar)` };
}

/** Hadith `sequence` of a synthetic collection, numbered by its sequence unless `overrides` say otherwise. */
export function aSourceHadith(sequence: number, overrides: Partial<SourceHadith> = {}): SourceHadith {
  return {
    sequence,
    number: String(sequence),
    citation: `Test citation ${sequence}`,
    inBook: null,
    grade: null,
    textAr: `Test hadith ${sequence} (Arabic)`,
    narrator: `Test narrator ${sequence}`,
    bookNumber: 1,
    translations: { en: `Test hadith ${sequence}` },
    ...overrides,
  };
}

export function anImportedHadith(sequence: number, overrides: Partial<ImportedHadith> = {}): ImportedHadith {
  return { ...aSourceHadith(sequence), number: String(sequence), sourceHash: `test-hash-${sequence}`, ...overrides };
}

export function aHadithEdition(collection: string, lang: string, overrides: Partial<Edition> = {}): Edition {
  return {
    resource: 'hadith',
    collection,
    lang,
    name: `Test edition ${collection}/${lang}`,
    translator: null,
    attribution: `Test attribution ${collection}/${lang}`,
    license: lang === 'ar' ? 'Test public domain' : 'Test translator copyright',
    sourceUrl: `https://example.org/test/${collection}/${lang}`,
    publicDomain: lang === 'ar',
    ...overrides,
  };
}

/** A whole synthetic collection as a source gives it: `count` hadiths over two books (1 and 2.5). */
export function aHadithSource(
  count: number,
  overrides: { slug?: string; hadith?: (number: number) => Partial<SourceHadith> } = {},
): HadithSourceCollection {
  const info = aHadithCollectionInfo({ slug: overrides.slug ?? 'test-collection' });
  return {
    info,
    books: [aHadithBook(1), aHadithBook(2.5)],
    hadiths: Array.from({ length: count }, (_, i) =>
      aSourceHadith(i + 1, { bookNumber: i < count / 2 ? 1 : 2.5, ...overrides.hadith?.(i + 1) }),
    ),
    editions: [aHadithEdition(info.slug, 'ar'), aHadithEdition(info.slug, 'en')],
  };
}
