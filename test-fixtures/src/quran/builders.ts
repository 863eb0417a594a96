import type { AyahText, Edition, QuranEditionTexts, QuranSource, Surah } from '@islamic-data/core';

/** Ayah counts of the synthetic Quran: small, with a surah long enough that ayah 10 sorts after ayah 2. */
export const SYNTHETIC_AYAH_COUNTS = [3, 12, 2];

export function aSurah(overrides: Partial<Surah> = {}): Surah {
  const id = overrides.id ?? 1;
  return {
    id,
    nameAr: `Test surah ${id} (ar)`,
    nameEn: `Test surah ${id}`,
    transliteration: `Test-Surah-${id}`,
    revelationType: id % 2 === 0 ? 'medinan' : 'meccan',
    ayahCount: 3,
    ...overrides,
  };
}

export function syntheticSurahs(counts: number[] = SYNTHETIC_AYAH_COUNTS): Surah[] {
  return counts.map((ayahCount, i) => aSurah({ id: i + 1, ayahCount }));
}

/** One visibly synthetic text per ayah of `surahs`, e.g. `Test en 2:10`. */
export function syntheticTexts(surahs: Surah[], label: string): AyahText[] {
  return surahs.flatMap((surah) =>
    Array.from({ length: surah.ayahCount }, (_, i) => ({
      surah: surah.id,
      ayah: i + 1,
      text: `Test ${label} ${surah.id}:${i + 1}`,
    })),
  );
}

export function aQuranEdition(lang: string, overrides: Partial<Edition> = {}): Edition {
  return {
    resource: 'quran',
    collection: null,
    lang,
    name: `Test ${lang} edition`,
    translator: lang === 'ar' ? null : `Test ${lang} translator`,
    attribution: `Test ${lang} attribution`,
    license: lang === 'ar' ? 'Test public-domain licence' : `Test ${lang} licence`,
    sourceUrl: `https://example.org/test-quran/${lang}`,
    publicDomain: lang === 'ar',
    ...overrides,
  };
}

export function syntheticEdition(surahs: Surah[], lang: string, overrides: Partial<Edition> = {}): QuranEditionTexts {
  return { edition: aQuranEdition(lang, overrides), texts: syntheticTexts(surahs, lang) };
}

/** A whole synthetic source: Arabic plus the given translation languages. */
export function aSyntheticQuranSource(options: { counts?: number[]; languages?: string[] } = {}): QuranSource {
  const surahs = syntheticSurahs(options.counts);
  return {
    surahs,
    arabic: syntheticEdition(surahs, 'ar'),
    translations: (options.languages ?? ['en', 'ru']).map((lang) => syntheticEdition(surahs, lang)),
  };
}
