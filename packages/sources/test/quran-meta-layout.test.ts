import { QURAN_DIVISIONS, QuranNavigator, type AyahRef, type QuranDivision } from '@islamic-data/core';
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadQuranJson, quranMetaLayout } from '../src/index.js';

/** Tanzil's metadata, an independent source (see its `source` field): what quran-meta is checked against. */
interface TanzilReference {
  surahRukus: number[];
  juz: [number, number][];
  hizbQuarter: [number, number][];
  manzil: [number, number][];
  sajda: [number, number][];
}
const tanzil = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../test/reference/tanzil-quran-metadata.json', import.meta.url)), 'utf8'),
) as TanzilReference;

const pairs = (refs: AyahRef[]) => refs.map(({ surah, ayah }) => [surah, ayah]);

describe('sources: the Quran layout from quran-meta', () => {
  const layout = quranMetaLayout();
  const navigator = new QuranNavigator(layout);
  const firstAyahs = (division: QuranDivision) =>
    pairs(Array.from({ length: navigator.count(division) }, (_, i) => navigator.spanOf(division, i + 1).from));

  it('has the surahs of the quran-json text: 114, 6,236 ayahs, the same count in each', async () => {
    const { surahs } = await loadQuranJson();
    expect(layout.surahAyahCounts).to.deep.equal(surahs.map((surah) => surah.ayahCount));
    expect(layout.surahAyahCounts.reduce((sum, count) => sum + count, 0)).to.equal(6236);
  });

  it('counts 30 juz, 604 pages, 240 hizb quarters, 556 rukus, 7 manzils and 15 sajdas', () => {
    const counts = Object.fromEntries(QURAN_DIVISIONS.map((division) => [division, navigator.count(division)]));
    expect(counts).to.deep.equal({ juz: 30, page: 604, hizbQuarter: 240, ruku: 556, manzil: 7 });
    expect(layout.sajdas).to.have.length(15);
  });

  it('divides all 6,236 ayahs with no gap or overlap, each division starting where the last ended', () => {
    for (const division of QURAN_DIVISIONS) {
      const spans = Array.from({ length: navigator.count(division) }, (_, i) => navigator.spanOf(division, i + 1));
      const ayahs = spans.flatMap((span) => navigator.refsOf(span));
      expect(ayahs, division).to.have.length(6236);
      expect(new Set(ayahs.map(({ surah, ayah }) => `${surah}:${ayah}`)).size, division).to.equal(6236);
      expect(ayahs[0], division).to.deep.equal({ surah: 1, ayah: 1 });
      expect(ayahs.at(-1), division).to.deep.equal({ surah: 114, ayah: 6 });
      spans.forEach((span, i) =>
        expect(navigator.navigationOf(span.from.surah, span.from.ayah)[division]).to.equal(i + 1),
      );
    }
  });

  it('starts each juz, hizb quarter and manzil where Tanzil’s metadata does', () => {
    expect(firstAyahs('juz')).to.deep.equal(tanzil.juz);
    expect(firstAyahs('hizbQuarter')).to.deep.equal(tanzil.hizbQuarter);
    expect(firstAyahs('manzil')).to.deep.equal(tanzil.manzil);
  });

  it('has Tanzil’s 15 sajda ayahs, and Tanzil’s number of rukus in every surah, each surah starting a ruku', () => {
    expect(pairs(navigator.sajdaRefs())).to.deep.equal(tanzil.sajda);
    const rukuStarts = firstAyahs('ruku');
    const perSurah = layout.surahAyahCounts.map((_, i) => rukuStarts.filter(([surah]) => surah === i + 1).length);
    expect(perSurah).to.deep.equal(tanzil.surahRukus);
    for (let surah = 1; surah <= 114; surah++) expect(rukuStarts).to.deep.include([surah, 1]);
  });

  it('places an ayah in every division and says whether it is a sajda', () => {
    const [surah, ayah] = tanzil.sajda[0]!;
    expect(navigator.navigationOf(surah, ayah)).to.include({ sajda: true, manzil: 2 });
    expect(navigator.navigationOf(1, 1)).to.deep.equal({
      juz: 1,
      page: 1,
      hizbQuarter: 1,
      ruku: 1,
      manzil: 1,
      sajda: false,
    });
    expect(() => navigator.spanOf('juz', 31)).to.throw(/no juz 31/);
  });
});
