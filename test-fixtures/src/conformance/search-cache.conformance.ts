import { parseSearchQuery, type Stores } from '@islamic-data/core';
import { expect } from 'chai';
import { aKey } from '../builders.js';
import { aMosqueRecord } from '../mosques/builders.js';
import { aSurah } from '../quran/builders.js';

const A_DAY = '2026-01-01T00:00:00.000Z';

export interface SearchCacheSubject {
  /** Stores over the database handle a server searches through. */
  server: Stores;
  /** Stores over the same database as another process or instance sees it (another connection or pool). */
  other: Stores;
  /** Empties the Quran's search index without raising any content version (no trigger of theirs fires). */
  emptyIndexBehindVersions(): Promise<void>;
}

/**
 * A database adapter's search cache: a repeated search is answered from it while the content versions of what is
 * searched are unchanged, and ranked again as soon as a write to that content raises them, whoever commits it.
 */
export function searchCacheConformance(name: string, make: () => Promise<SearchCacheSubject>): void {
  describe(`Search cache conformance: ${name}`, () => {
    let subject: SearchCacheSubject;
    const search = (q: string) =>
      subject.server.quran.searchAyahs({ terms: parseSearchQuery(q), offset: 0, limit: 10, includeUnpublished: false });
    const keys = async (q: string) => (await search(q)).map((hit) => `${hit.surah}:${hit.ayah}/${hit.locale}`).sort();

    before(async () => {
      subject = await make();
      const { quran } = subject.server;
      await quran.upsertSurahs([aSurah({ id: 1, ayahCount: 2 })]);
      await quran.putArabicTexts([
        { surah: 1, ayah: 1, text: 'Test ar 1:1' },
        { surah: 1, ayah: 2, text: 'Test ar 1:2' },
      ]);
    });

    it('sees a write through this handle, and a commit of another, at the next search', async () => {
      expect(await keys('alpha')).to.deep.equal([]);
      expect(await keys('alpha')).to.deep.equal([]);
      await subject.server.quran.putTranslation(1, 1, { locale: 'en', text: 'Test alpha', updatedAt: A_DAY });
      expect(await keys('alpha')).to.deep.equal(['1:1/en']);
      await subject.other.quran.putTranslation(1, 2, { locale: 'tr', text: 'Test alpha', updatedAt: A_DAY });
      expect(await keys('alpha')).to.deep.equal(['1:1/en', '1:2/tr']);
      await subject.other.quran.deleteTranslation(1, 1, 'en');
      expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
    });

    it('gives copies: changing a result changes nothing cached', async () => {
      const [hit] = await search('alpha');
      hit!.snippet = 'changed';
      const [again] = await search('alpha');
      expect(again!.snippet).to.equal('Test <mark>alpha</mark>');
    });

    it('keeps its pages through commits that change no content searched (a key, its last use, a mosque)', async () => {
      expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
      // A search that ranks again over the emptied index finds nothing.
      await subject.emptyIndexBehindVersions();
      const { record } = aKey();
      await subject.other.keys.insert(record);
      await subject.server.keys.markUsed(record.id, '2026-01-02T00:00:00.000Z');
      await subject.other.mosques.insert(aMosqueRecord());
      expect(await keys('alpha')).to.deep.equal(['1:2/tr']);
      // A Quran write raises the Quran's version: the search ranks again, over the emptied index.
      await subject.other.quran.putTranslation(1, 1, { locale: 'ru', text: 'Test beta', updatedAt: A_DAY });
      expect(await keys('alpha')).to.deep.equal([]);
    });
  });
}
