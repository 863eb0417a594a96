import type { HadithImportStore, Stores } from '@islamic-data/core';
import { aHadithBook, aHadithCollectionInfo, anImportedHadith } from './hadith-builders.js';

/** The two hadith ports over one set of collections, as the conformance suites need them. */
export type HadithStores = Pick<Stores, 'hadith' | 'hadithImports'>;

/** A collection with hadiths 1..count over books 1 and 2.5, written as an import writes it. */
export async function seedHadiths(imports: HadithImportStore, count: number, slug: string, at: string): Promise<void> {
  await imports.saveCollectionInfo(aHadithCollectionInfo({ slug }));
  await imports.replaceBooks(slug, [aHadithBook(1), aHadithBook(2.5)]);
  await imports.writeImported(
    slug,
    Array.from({ length: count }, (_, i) => anImportedHadith(i + 1, { bookNumber: i % 2 === 0 ? 1 : 2.5 })),
    at,
  );
  await imports.replaceNumberKeys(slug, new Map(Array.from({ length: count }, (_, i) => [String(i + 1), i + 1])));
}
