import type { QuranLayout } from '@islamic-data/core';
import { HizbQuarterList, JuzList, ManzilList, PageList, RukuList, SajdaList, SurahList } from 'quran-meta/hafs';

/**
 * The Hafs layout (Madani mushaf pages) from the `quran-meta` package. Its lists hold the first
 * ayah (whole-Quran number) of each division between a leading 0 and a trailing total + 1,
 * which are dropped; SurahList likewise holds [start, ayahCount, …] between two sentinels.
 */
export function quranMetaLayout(): QuranLayout {
  const starts = (list: readonly number[]) => list.slice(1, -1);
  return {
    surahAyahCounts: SurahList.slice(1, -1).map((surah) => surah[1]),
    starts: {
      juz: starts(JuzList),
      page: starts(PageList),
      hizbQuarter: starts(HizbQuarterList),
      ruku: starts(RukuList),
      manzil: starts(ManzilList),
    },
    sajdas: [...SajdaList],
  };
}
