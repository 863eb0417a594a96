import type { EditionStore } from '@islamic-data/core';
import { expect } from 'chai';
import { anEdition } from '../builders.js';

export function editionStoreConformance(name: string, makeStore: () => Promise<EditionStore>): void {
  describe(`EditionStore conformance: ${name}`, () => {
    let store: EditionStore;
    beforeEach(async () => {
      store = await makeStore();
    });

    it('stores an edition and gives it back equal', async () => {
      const edition = anEdition({ resource: 'hadith', collection: 'bukhari', lang: 'en' });
      await store.upsert(edition);
      expect(await store.get('hadith', 'bukhari', 'en')).to.deep.equal(edition);
    });

    it('keeps the Quran (no collection) apart from collections', async () => {
      await store.upsert(anEdition({ resource: 'quran', collection: null, lang: 'en' }));
      expect(await store.get('quran', null, 'en')).to.include({ resource: 'quran', collection: null });
      expect(await store.get('hadith', 'bukhari', 'en')).to.equal(undefined);
    });

    it('replaces the metadata of an existing edition', async () => {
      await store.upsert(anEdition({ resource: 'quran', collection: null, lang: 'az', license: 'Test licence 1' }));
      await store.upsert(
        anEdition({ resource: 'quran', collection: null, lang: 'az', license: 'Test licence 2', publicDomain: true }),
      );
      expect(await store.list()).to.have.length(1);
      expect(await store.get('quran', null, 'az')).to.include({ license: 'Test licence 2', publicDomain: true });
    });

    it('lists by resource, collection, language', async () => {
      await store.upsert(anEdition({ resource: 'quran', collection: null, lang: 'tr' }));
      await store.upsert(anEdition({ resource: 'hadith', collection: 'muslim', lang: 'en' }));
      await store.upsert(anEdition({ resource: 'hadith', collection: 'bukhari', lang: 'en' }));
      await store.upsert(anEdition({ resource: 'quran', collection: null, lang: 'ar' }));
      const order = (await store.list()).map((e) => `${e.resource}/${e.collection ?? '-'}/${e.lang}`);
      expect(order).to.deep.equal(['hadith/bukhari/en', 'hadith/muslim/en', 'quran/-/ar', 'quran/-/tr']);
    });
  });
}
