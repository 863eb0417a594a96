import { COUNTRY_CODES, distanceKm } from '@islamic-data/core';
import { expect } from 'chai';
import { COUNTRY_BOXES, generateMosques } from '../src/index.js';

describe('test-fixtures: synthetic mosque generator', () => {
  it('gives the same mosques for the same seed and different ones for another seed', () => {
    expect(generateMosques({ count: 50, seed: 3 })).to.deep.equal(generateMosques({ count: 50, seed: 3 }));
    expect(generateMosques({ count: 50, seed: 3 })).not.to.deep.equal(generateMosques({ count: 50, seed: 4 }));
  });

  it('makes published, visibly synthetic mosques with unique slugs inside real country boxes', () => {
    const records = generateMosques({ count: 2000 });
    expect(new Set(records.map((r) => r.slug)).size).to.equal(2000);
    for (const record of records) {
      expect(record.status).to.equal('published');
      expect(record.nameEn).to.match(/^Test Mosque \d+$/);
      expect(COUNTRY_CODES).to.include(record.country);
      const box = COUNTRY_BOXES.find((candidate) => candidate.country === record.country)!;
      expect(box.cities).to.include(record.city);
      expect(record.lat).to.be.within(box.minLat, box.maxLat);
      const lng = record.lng! < box.minLng ? record.lng! + 360 : record.lng!;
      expect(lng).to.be.within(box.minLng, box.maxLng);
    }
    expect(new Set(records.map((r) => r.country)).size).to.equal(COUNTRY_BOXES.length);
  });

  it('continues numbering from firstNumber so that batches do not collide', () => {
    const first = generateMosques({ count: 10 });
    const second = generateMosques({ count: 10, firstNumber: 11 });
    const slugs = new Set([...first, ...second].map((r) => r.slug));
    expect(slugs.size).to.equal(20);
  });

  it('spreads mosques out: neighbours within a country are not all on one spot', () => {
    const [a, b] = generateMosques({ count: 40 }).filter((r) => r.country === 'GB');
    expect(distanceKm({ lat: a!.lat!, lng: a!.lng! }, { lat: b!.lat!, lng: b!.lng! })).to.be.greaterThan(0.1);
  });
});
