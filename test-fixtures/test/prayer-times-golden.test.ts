import { PRAYER_NAMES, prayerTimes } from '@islamic-data/core';
import { expect } from 'chai';
import { goldenMisses, goldenSettings, readGoldenTimes } from '../src/index.js';

describe('core: prayer times against the adhan-js golden files', () => {
  const goldens = readGoldenTimes();
  let checks = 0;

  it('finds all eight files', () => {
    expect(goldens).to.have.length(8);
  });

  for (const golden of goldens) {
    it(`${golden.file}: every time within the file's variance`, () => {
      const settings = goldenSettings(golden);
      const misses = golden.times.flatMap((expected) => {
        checks += PRAYER_NAMES.length;
        return goldenMisses(golden, expected, prayerTimes({ ...settings, date: expected.date }).timings);
      });
      expect(misses, misses.join('; ')).to.deep.equal([]);
    });
  }

  it('made 2,772 single-time checks (462 days × 6)', () => {
    expect(checks).to.equal(2772);
  });
});
