import type { Edition, QuranSource, Surah } from '../src/index.js';

// A small, visibly synthetic Quran for core tests (core cannot use test-fixtures, which depends on core).

export function syntheticSurahs(counts: number[]): Surah[] {
  return counts.map((ayahCount, i) => ({
    id: i + 1,
    nameAr: `Test surah ${i + 1} (ar)`,
    nameEn: `Test surah ${i + 1}`,
    transliteration: `Test-${i + 1}`,
    revelationType: 'meccan',
    ayahCount,
  }));
}

/** Every ayah of the surahs, texts "Test {label} {surah}:{ayah}". */
export const syntheticTexts = (surahs: Surah[], label: string) =>
  surahs.flatMap((surah) =>
    Array.from({ length: surah.ayahCount }, (_, i) => ({
      surah: surah.id,
      ayah: i + 1,
      text: `Test ${label} ${surah.id}:${i + 1}`,
    })),
  );

/** A Quran edition in `lang` (public domain only in Arabic); overrides e.g. make it a hadith edition. */
export const syntheticEdition = (lang: string, overrides: Partial<Edition> = {}): Edition => ({
  resource: 'quran',
  collection: null,
  lang,
  name: `Test ${lang} edition`,
  translator: null,
  attribution: `Test ${lang} attribution`,
  license: `Test ${lang} licence`,
  sourceUrl: `https://example.org/${lang}`,
  publicDomain: lang === 'ar',
  ...overrides,
});

export const syntheticQuranSource = (surahs: Surah[], translationLangs: string[]): QuranSource => ({
  surahs,
  arabic: { edition: syntheticEdition('ar'), texts: syntheticTexts(surahs, 'ar') },
  translations: translationLangs.map((lang) => ({
    edition: syntheticEdition(lang),
    texts: syntheticTexts(surahs, lang),
  })),
});
