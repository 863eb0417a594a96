import { toGregorian, toHijri } from '@islamic-data/core';
import { expect } from 'chai';
import { isoOfTriple as iso, readHijriFixtures } from '../src/index.js';

describe('core: Umm al-Qura against the hijri-converter reference fixtures', () => {
  const rowsByFile = readHijriFixtures();
  const files = [...rowsByFile.keys()];

  it('reads all 1,892 rows from the three files', () => {
    expect(files).to.have.length(3);
    expect([...rowsByFile.values()].reduce((total, rows) => total + rows.length, 0)).to.equal(1892);
  });

  for (const file of files) {
    it(`${file}: Gregorian → Hijri for every row`, () => {
      const misses = rowsByFile.get(file)!.flatMap(([[hijri, gregorian]]) => {
        const got = toHijri(iso(gregorian)).hijri.date;
        return got === iso(hijri) ? [] : [`${iso(gregorian)} → ${got}, expected ${iso(hijri)}`];
      });
      expect(misses, misses.slice(0, 5).join('; ')).to.deep.equal([]);
    });

    it(`${file}: Hijri → Gregorian for every row`, () => {
      const misses = rowsByFile.get(file)!.flatMap(([[hijri, gregorian]]) => {
        const got = toGregorian(iso(hijri)).gregorian.date;
        return got === iso(gregorian) ? [] : [`${iso(hijri)} → ${got}, expected ${iso(gregorian)}`];
      });
      expect(misses, misses.slice(0, 5).join('; ')).to.deep.equal([]);
    });
  }
});
