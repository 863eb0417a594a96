import type { QuranStudyStore, QuranWord, SurahFacts } from '@islamic-data/core';
import { expect } from 'chai';

/** A visibly synthetic word (no Quranic text): `Test word s:a:p`. */
export function aWord(surah: number, ayah: number, position: number, overrides: Partial<QuranWord> = {}): QuranWord {
  return {
    surah,
    ayah,
    position,
    textAr: `Test word ${surah}:${ayah}:${position}`,
    glossEn: `Test gloss ${position}`,
    root: 'tst',
    lemma: 'test-lemma',
    pos: 'N',
    features: 'POS:N LEM:test-lemma ROOT:tst',
    ...overrides,
  };
}

const facts = (surah: number): SurahFacts => ({
  surah,
  revelationOrder: 3 - surah,
  rukus: surah,
  pages: { first: surah, last: surah + 1 },
});

/** What every QuranStudyStore must do, in memory, in SQLite and in PostgreSQL alike. */
export function quranStudyStoreConformance(name: string, makeStore: () => Promise<QuranStudyStore>): void {
  describe(`QuranStudyStore conformance: ${name}`, () => {
    let store: QuranStudyStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    it('replaces surah facts only when they differ, and lists them by surah', async () => {
      expect(await store.listSurahFacts()).to.deep.equal([]);
      expect(await store.replaceSurahFacts([facts(2), facts(1)])).to.equal(true);
      expect(await store.listSurahFacts()).to.deep.equal([facts(1), facts(2)]);
      expect(await store.replaceSurahFacts([facts(1), facts(2)])).to.equal(false);
      expect(await store.replaceSurahFacts([facts(1)])).to.equal(true);
      expect(await store.listSurahFacts()).to.deep.equal([facts(1)]);
    });

    it('keeps each script’s texts apart and reads a range across surahs', async () => {
      const texts = [
        { surah: 1, ayah: 1, text: 'Test 1:1' },
        { surah: 1, ayah: 2, text: 'Test 1:2' },
        { surah: 2, ayah: 1, text: 'Test 2:1' },
      ];
      expect(await store.replaceScriptTexts('imlaei', texts)).to.equal(true);
      expect(await store.replaceScriptTexts('imlaei', [...texts].reverse())).to.equal(false);
      expect(await store.listScriptTexts('imlaei', { surah: 1, ayah: 2 }, { surah: 2, ayah: 1 })).to.deep.equal(
        texts.slice(1),
      );
      expect(await store.listScriptTexts('uthmani', { surah: 1, ayah: 1 }, { surah: 2, ayah: 1 })).to.deep.equal([]);
    });

    it('stores words, reads them by range, and finds roots and lemmas with counts and keyset pages', async () => {
      const words = [
        aWord(1, 1, 1),
        aWord(1, 1, 2, { root: 'abc', lemma: 'test-other' }),
        aWord(1, 2, 1, { root: null, lemma: null, pos: 'P' }),
        aWord(2, 1, 1),
        aWord(2, 1, 2),
      ];
      expect(await store.replaceWords([...words].reverse())).to.equal(true);
      expect(await store.replaceWords(words)).to.equal(false);
      expect(await store.listWords({ surah: 1, ayah: 2 }, { surah: 2, ayah: 1 })).to.deep.equal(words.slice(2));
      expect(await store.wordStats('root', 'tst')).to.deep.equal({ occurrences: 3, related: ['test-lemma'] });
      expect(await store.wordStats('lemma', 'test-other')).to.deep.equal({ occurrences: 1, related: ['abc'] });
      expect(await store.wordStats('root', 'TST')).to.equal(undefined);
      expect(await store.wordLocations('root', 'tst', null, 2)).to.deep.equal([
        { surah: 1, ayah: 1, position: 1 },
        { surah: 2, ayah: 1, position: 1 },
      ]);
      expect(await store.wordLocations('root', 'tst', { surah: 2, ayah: 1, position: 1 }, 10)).to.deep.equal([
        { surah: 2, ayah: 1, position: 2 },
      ]);
      const counts = await store.ayahsWithRoot('tst');
      expect([...counts].sort((a, b) => a.surah - b.surah)).to.deep.equal([
        { surah: 1, ayah: 1, count: 1 },
        { surah: 2, ayah: 1, count: 2 },
      ]);
      expect(await store.replaceWords(words.slice(0, 2))).to.equal(true);
      expect(await store.wordStats('root', 'tst')).to.deep.equal({ occurrences: 1, related: ['test-lemma'] });
    });
  });
}
