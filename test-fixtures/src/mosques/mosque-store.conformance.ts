import {
  cityKey,
  searchTerms,
  toPublicMosque,
  type MosqueHit,
  type MosqueRecord,
  type MosqueSearch,
  type MosqueStore,
  type Stores,
  type UnitOfWork,
} from '@islamic-data/core';
import { expect } from 'chai';
import { aMosqueRecord } from './builders.js';
import { generateMosques, seededRandom } from './generate-mosques.js';

const slugsOf = (hits: MosqueHit[]) => hits.map(({ mosque }) => mosque.slug);

/**
 * Great-circle distance written here, apart from core's `distanceKm` and the SQL the adapter runs,
 * so that the reference does not share their mistakes: haversine on a sphere of 6371.0088 km.
 */
function referenceDistanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = Math.PI / 180;
  const halfChordSquared =
    Math.sin(((b.lat - a.lat) * radians) / 2) ** 2 +
    Math.cos(a.lat * radians) * Math.cos(b.lat * radians) * Math.sin(((b.lng - a.lng) * radians) / 2) ** 2;
  return 2 * 6371.0088 * Math.atan2(Math.sqrt(halfChordSquared), Math.sqrt(1 - halfChordSquared));
}

/** The reference answer to a `near` search: every published record within the radius, nearest first. */
export function bruteForceNear(
  records: MosqueRecord[],
  near: NonNullable<MosqueSearch['near']>,
  limit: number,
): { slug: string; distanceKm: number }[] {
  return records
    .filter((record) => record.status === 'published' && record.lat !== null && record.lng !== null)
    .map((record) => ({
      slug: record.slug,
      distanceKm: referenceDistanceKm(near, { lat: record.lat!, lng: record.lng! }),
    }))
    .filter(({ distanceKm: distance }) => distance <= near.radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || (a.slug < b.slug ? -1 : 1))
    .slice(0, limit);
}

/** What every MosqueStore does, in memory or in SQLite; `stores.mosques` is the store under test. */
export function mosqueStoreConformance(
  name: string,
  make: () => Promise<{ stores: Stores; unitOfWork: UnitOfWork }>,
): void {
  describe(`MosqueStore conformance: ${name}`, () => {
    let store: MosqueStore;
    let unitOfWork: UnitOfWork;
    beforeEach(async () => {
      const made = await make();
      store = made.stores.mosques;
      unitOfWork = made.unitOfWork;
    });

    const published = (overrides: Partial<MosqueRecord> = {}) => aMosqueRecord({ status: 'published', ...overrides });

    it('stores a record in every state and gives it back equal; unknown slugs are undefined', async () => {
      const records = (['pending', 'published', 'rejected', 'unpublished'] as const).map((status) =>
        aMosqueRecord({
          status,
          moderationReason: status === 'rejected' ? 'Test reason' : null,
          languages: ['en', 'ar'],
        }),
      );
      for (const record of records) await store.insert(record);
      for (const record of records) expect(await store.get(record.slug)).to.deep.equal(record);
      expect(await store.get('test-no-such-mosque')).to.equal(undefined);
    });

    it('keeps pending records without coordinates', async () => {
      const record = aMosqueRecord({ lat: null, lng: null });
      await store.insert(record);
      expect(await store.get(record.slug)).to.deep.equal(record);
    });

    it('refuses a second record with the same slug', async () => {
      const record = aMosqueRecord();
      await store.insert(record);
      let failed = false;
      await store.insert({ ...aMosqueRecord(), slug: record.slug }).catch(() => (failed = true));
      expect(failed).to.equal(true);
    });

    it('keeps a schedule and an OpenStreetMap source, and finds records by their OSM ids in any state', async () => {
      const schedule = {
        method: 'muslim-world-league',
        madhab: 'hanafi' as const,
        highLatitudeRule: null,
        adjustments: { fajr: 2 },
        hijriAdjustment: 0,
        iqama: { fajr: { after: 20 }, dhuhr: null, asr: null, maghrib: null, isha: { at: '20:30' } },
        jumuah: ['13:00'],
        updatedAt: '2026-03-01T00:00:00.000Z',
      };
      const source = { osm: 'node/42', attribution: '© OpenStreetMap contributors, ODbL' as const };
      const published = aMosqueRecord({ status: 'published', source });
      const pending = aMosqueRecord({ source: { ...source, osm: 'way/43' } });
      const plain = aMosqueRecord({ status: 'published' });
      await store.insertMany([published, pending, plain]);
      expect(await store.get(published.slug)).to.deep.equal(published);
      await store.update({ ...published, schedule });
      expect((await store.get(published.slug))!.schedule).to.deep.equal(schedule);
      const found = await store.getByOsm(['node/42', 'way/43', 'relation/44']);
      expect(found.map((record) => record.slug).sort()).to.deep.equal([published.slug, pending.slug].sort());
      expect(await store.getByOsm([])).to.deep.equal([]);
      const [hit] = await store
        .searchPublished({ near: { lat: 51.5, lng: -0.12, radiusKm: 1 }, limit: 100 })
        .then((hits) => hits.filter(({ mosque }) => mosque.slug === published.slug));
      expect(hit!.mosque).to.deep.include({ schedule, source });
    });

    it('refuses a second record with the same OSM id', async () => {
      const source = { osm: 'node/7', attribution: '© OpenStreetMap contributors, ODbL' as const };
      await store.insert(aMosqueRecord({ source }));
      let failed = false;
      await store.insert(aMosqueRecord({ source })).catch(() => (failed = true));
      expect(failed).to.equal(true);
    });

    it('replaces a record by its slug', async () => {
      const record = aMosqueRecord({ lat: null, lng: null });
      await store.insert(record);
      const changed = {
        ...record,
        lat: 10.5,
        lng: -20.25,
        status: 'rejected' as const,
        moderationReason: 'Test reason',
        moderatedAt: '2026-02-01T00:00:00.000Z',
      };
      await store.update(changed);
      expect(await store.get(record.slug)).to.deep.equal(changed);
    });

    it('lists the records of one state, oldest submission first, up to the limit', async () => {
      const newer = aMosqueRecord({ submittedAt: '2026-03-02T00:00:00.000Z' });
      const older = aMosqueRecord({ submittedAt: '2026-03-01T00:00:00.000Z' });
      const newest = aMosqueRecord({ submittedAt: '2026-03-03T00:00:00.000Z' });
      for (const record of [newer, older, newest, published()]) await store.insert(record);
      expect((await store.listByStatus('pending', 10)).map((r) => r.slug)).to.deep.equal([
        older.slug,
        newer.slug,
        newest.slug,
      ]);
      expect((await store.listByStatus('pending', 2)).map((r) => r.slug)).to.deep.equal([older.slug, newer.slug]);
      expect(await store.listByStatus('rejected', 10)).to.deep.equal([]);
    });

    it('finds the slugs equal to a base or continuing it after a hyphen, and no others', async () => {
      for (const slug of ['test-base', 'test-base-2', 'test-base-annex', 'test-basement', 'test-bas', 'test-base0']) {
        await store.insert(aMosqueRecord({ slug }));
      }
      expect((await store.slugsStartingWith('test-base')).sort()).to.deep.equal([
        'test-base',
        'test-base-2',
        'test-base-annex',
      ]);
      expect(await store.slugsStartingWith('test-nothing')).to.deep.equal([]);
    });

    it('searches published mosques only, and follows a record through its states', async () => {
      const record = aMosqueRecord({
        lat: 40.1,
        lng: 30.1,
        country: 'TR',
        city: 'Test Town',
        description: 'Synthetic zebrafinch record.',
      });
      await store.insert(record);
      for (const status of ['rejected', 'unpublished'] as const)
        await store.insert(aMosqueRecord({ ...record, slug: `${record.slug}-${status}`, status }));
      const searches: MosqueSearch[] = [
        { near: { lat: 40.1, lng: 30.1, radiusKm: 1 }, limit: 10 },
        { country: 'TR', limit: 10 },
        { city: cityKey('Test Town'), limit: 10 },
        { terms: searchTerms('zebrafinch'), limit: 10 },
        { limit: 10 },
      ];
      for (const search of searches)
        expect(await store.searchPublished(search), JSON.stringify(search)).to.deep.equal([]);
      await store.update({ ...record, status: 'published' });
      for (const search of searches)
        expect(slugsOf(await store.searchPublished(search)), JSON.stringify(search)).to.deep.equal([record.slug]);
      await store.update({ ...record, status: 'unpublished' });
      for (const search of searches)
        expect(await store.searchPublished(search), JSON.stringify(search)).to.deep.equal([]);
    });

    it('moves a published mosque in the geo and text indexes when its coordinates or text change', async () => {
      const record = published({ lat: 10, lng: 10, description: 'Synthetic oldword record.' });
      await store.insert(record);
      await store.update({ ...record, lat: -10, lng: -10, description: 'Synthetic newword record.' });
      expect(await store.searchPublished({ near: { lat: 10, lng: 10, radiusKm: 5 }, limit: 10 })).to.deep.equal([]);
      expect(
        slugsOf(await store.searchPublished({ near: { lat: -10, lng: -10, radiusKm: 5 }, limit: 10 })),
      ).to.deep.equal([record.slug]);
      expect(await store.searchPublished({ terms: ['oldword'], limit: 10 })).to.deep.equal([]);
      expect(slugsOf(await store.searchPublished({ terms: ['newword'], limit: 10 }))).to.deep.equal([record.slug]);
    });

    it('orders by slug without near and stops at the limit', async () => {
      const records = ['test-c', 'test-a', 'test-b-2', 'test-b'].map((slug) => published({ slug }));
      await store.insertMany(records);
      expect(slugsOf(await store.searchPublished({ limit: 10 }))).to.deep.equal([
        'test-a',
        'test-b',
        'test-b-2',
        'test-c',
      ]);
      expect(slugsOf(await store.searchPublished({ limit: 2 }))).to.deep.equal(['test-a', 'test-b']);
    });

    it('gives search results as public records: no submitter e-mail, state or moderation fields', async () => {
      const record = published({
        nameAr: 'مسجد الاختبار',
        phone: '+00 1',
        website: 'https://example.org/t',
        email: 't@example.org',
        languages: ['en', 'ar'],
      });
      await store.insert(record);
      expect(await store.searchPublished({ limit: 5 })).to.deep.equal([{ mosque: toPublicMosque(record) }]);
      expect(
        await store.searchPublished({ near: { lat: record.lat!, lng: record.lng!, radiusKm: 1 }, limit: 5 }),
      ).to.deep.equal([{ mosque: toPublicMosque(record), distanceKm: 0 }]);
      expect(JSON.stringify(await store.searchPublished({ terms: ['synthetic'], limit: 5 }))).not.to.contain(
        record.submitterEmail,
      );
    });

    it('returns exactly the mosques within the radius, nearest first, as a brute-force haversine does', async () => {
      const records = generateMosques({ count: 3000, seed: 7 });
      await store.insertMany(records);
      const random = seededRandom(99);
      const centres = [
        ...Array.from({ length: 24 }, () => records[Math.floor(random() * records.length)]!).map((r) => ({
          lat: r.lat! + 0.05,
          lng: r.lng! - 0.05,
        })),
        { lat: 51.5074, lng: -0.1278 },
        { lat: 25.2854, lng: 51.531 },
        { lat: -17.8, lng: 179.9 },
      ];
      let compared = 0;
      for (const centre of centres) {
        for (const radiusKm of [0.5, 25, 120, 500]) {
          const near = { ...centre, radiusKm };
          const hits = await store.searchPublished({ near, limit: 100 });
          const expected = bruteForceNear(records, near, 100);
          expect(slugsOf(hits), JSON.stringify(near)).to.deep.equal(expected.map(({ slug }) => slug));
          hits.forEach((hit, i) => expect(hit.distanceKm).to.be.closeTo(expected[i]!.distanceKm, 1e-9));
          compared += expected.length;
        }
      }
      expect(compared, 'the centres must find mosques').to.be.greaterThan(1000);
    });

    it('finds across the antimeridian and around a pole', async () => {
      const east = published({ lat: -17, lng: 179.95 });
      const west = published({ lat: -17, lng: -179.95 });
      const northA = published({ lat: 89.9, lng: 0 });
      const northB = published({ lat: 89.9, lng: 180 });
      const northC = published({ lat: 89.9, lng: -90 });
      await store.insertMany([east, west, northA, northB, northC]);
      for (const lng of [180, -180, 179.99, -179.99]) {
        expect(
          slugsOf(await store.searchPublished({ near: { lat: -17, lng, radiusKm: 25 }, limit: 10 })).sort(),
          `lng ${lng}`,
        ).to.deep.equal([east.slug, west.slug].sort());
      }
      const polar = await store.searchPublished({ near: { lat: 90, lng: 45, radiusKm: 12 }, limit: 10 });
      expect(slugsOf(polar).sort()).to.deep.equal([northA.slug, northB.slug, northC.slug].sort());
      expect(
        slugsOf(await store.searchPublished({ near: { lat: 89.95, lng: 90, radiusKm: 20 }, limit: 10 })).sort(),
      ).to.deep.equal([northA.slug, northB.slug, northC.slug].sort());
    });

    it(
      'filters by country and by city (case- and accent-insensitively) ' + 'and combines every filter with AND',
      async () => {
        const istanbul = published({
          country: 'TR',
          city: 'İstanbul',
          lat: 41.01,
          lng: 28.97,
          description: 'Synthetic alpha record.',
        });
        const istanbulFar = published({
          country: 'TR',
          city: 'Istanbul',
          lat: 41.5,
          lng: 29.5,
          description: 'Synthetic alpha record.',
        });
        const ankara = published({
          country: 'TR',
          city: 'Ankara',
          lat: 39.93,
          lng: 32.85,
          description: 'Synthetic alpha record.',
        });
        const paris = published({
          country: 'FR',
          city: 'Paris',
          lat: 48.85,
          lng: 2.35,
          description: 'Synthetic beta record.',
        });
        await store.insertMany([istanbul, istanbulFar, ankara, paris]);
        const find = async (search: Omit<MosqueSearch, 'limit'>) =>
          slugsOf(await store.searchPublished({ limit: 10, ...search })).sort();
        expect(await find({ country: 'TR' })).to.deep.equal([istanbul.slug, istanbulFar.slug, ankara.slug].sort());
        expect(await find({ city: cityKey('ISTANBUL') })).to.deep.equal([istanbul.slug, istanbulFar.slug].sort());
        expect(await find({ city: cityKey('istanbul'), country: 'FR' })).to.deep.equal([]);
        expect(await find({ country: 'TR', terms: ['alpha'] })).to.deep.equal(
          [istanbul.slug, istanbulFar.slug, ankara.slug].sort(),
        );
        expect(await find({ country: 'TR', terms: ['beta'] })).to.deep.equal([]);
        expect(
          await find({ near: { lat: 41.01, lng: 28.97, radiusKm: 10 }, city: cityKey('istanbul'), terms: ['alpha'] }),
        ).to.deep.equal([istanbul.slug]);
        expect(await find({ near: { lat: 41.01, lng: 28.97, radiusKm: 10 }, country: 'FR' })).to.deep.equal([]);
      },
    );

    it(
      'finds by a word, or the start of a word, ' + 'of the Arabic or English name, address, city or description',
      async () => {
        const target = published({
          nameEn: 'Test Mosque Quokka',
          nameAr: 'مَسْجِدُ الاِخْتِبَارِ',
          addressLine1: '12 Wombat Street',
          city: 'Testville',
          description: 'Synthetic record near the Café Platypus.',
        });
        const other = published({
          nameEn: 'Test Mosque Other',
          nameAr: 'مسجد',
          description: 'Synthetic other record.',
        });
        await store.insertMany([target, other]);
        for (const q of [
          'الاختبار',
          'الاخْتِبار',
          'quokka',
          'QUOKKA',
          'wombat',
          'testville',
          'platypus',
          'cafe',
          'café',
          'plat',
          'quokka platypus',
        ]) {
          expect(slugsOf(await store.searchPublished({ terms: searchTerms(q), limit: 10 })), q).to.deep.equal([
            target.slug,
          ]);
        }
        expect(slugsOf(await store.searchPublished({ terms: searchTerms('مسجد'), limit: 10 })).sort()).to.deep.equal(
          [target.slug, other.slug].sort(),
        );
        expect(await store.searchPublished({ terms: searchTerms('quokka other'), limit: 10 })).to.deep.equal([]);
        expect(await store.searchPublished({ terms: searchTerms('okka'), limit: 10 })).to.deep.equal([]);
      },
    );

    it('takes FTS syntax in a search as plain words', async () => {
      const record = published({ description: 'Synthetic near or not record.' });
      await store.insert(record);
      for (const q of ['"near', 'near*', 'NOT near', 'near OR xyz', 'near AND', 'description:near', '(near', 'near^']) {
        const hits = await store.searchPublished({ terms: searchTerms(q), limit: 10 });
        expect(Array.isArray(hits), q).to.equal(true);
      }
      expect(slugsOf(await store.searchPublished({ terms: searchTerms('NOT near'), limit: 10 }))).to.deep.equal([
        record.slug,
      ]);
      expect(await store.searchPublished({ terms: searchTerms('near OR xyz'), limit: 10 })).to.deep.equal([]);
    });

    it('leaves nothing findable from a unit of work that fails', async () => {
      const record = published({ lat: 5, lng: 5, description: 'Synthetic rollbackword record.' });
      const pending = aMosqueRecord({ lat: 6, lng: 6, description: 'Synthetic laterword record.' });
      await store.insert(pending);
      await unitOfWork
        .run(async (tx) => {
          await tx.mosques.insert(record);
          await tx.mosques.update({ ...pending, status: 'published' });
          throw new Error('Test failure after writing');
        })
        .catch(() => undefined);
      expect(await store.get(record.slug)).to.equal(undefined);
      expect((await store.get(pending.slug))!.status).to.equal('pending');
      expect(await store.searchPublished({ terms: ['rollbackword'], limit: 10 })).to.deep.equal([]);
      expect(await store.searchPublished({ terms: ['laterword'], limit: 10 })).to.deep.equal([]);
      expect(await store.searchPublished({ near: { lat: 5, lng: 5, radiusKm: 50 }, limit: 10 })).to.deep.equal([]);
      expect(await store.searchPublished({ near: { lat: 6, lng: 6, radiusKm: 50 }, limit: 10 })).to.deep.equal([]);
    });
  });
}
