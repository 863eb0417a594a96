import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toGregorian, toHijri } from '../src/index.js';

// The compiled test runs from packages/core/dist/test; the shared data sits beside the repository.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixtureDir = path.join(repoRoot, '../shared/data/reference/hijri/hijridate-fixtures');

type Triple = [number, number, number];
/** `[[hijri, gregorian], optional newspaper issue number]`. */
type FixtureRow = [[Triple, Triple], number?];

const iso = ([year, month, day]: Triple) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

describe('core: Umm al-Qura against the hijri-converter reference fixtures', () => {
  const files = readdirSync(fixtureDir).filter((file) => file.endsWith('.json')).sort();
  const rowsByFile = new Map(files.map((file) => [file, JSON.parse(readFileSync(path.join(fixtureDir, file), 'utf8')) as FixtureRow[]]));

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
