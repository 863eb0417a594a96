import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** hijri-converter's Umm al-Qura reference fixtures (see ../SOURCE.md): three files, 1,892 rows. */
export const HIJRI_FIXTURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/data/reference/hijri/hijridate-fixtures',
);

/** `[year, month, day]`. */
export type HijriTriple = [number, number, number];
/** `[[hijri, gregorian], optional newspaper issue number]`. */
export type HijriFixtureRow = [[HijriTriple, HijriTriple], number?];

/** `[1445, 9, 1]` → "1445-09-01". */
export const isoOfTriple = ([year, month, day]: HijriTriple) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Every fixture file's rows, keyed by file name in sorted order. */
export function readHijriFixtures(): Map<string, HijriFixtureRow[]> {
  const files = readdirSync(HIJRI_FIXTURES_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort();
  return new Map(
    files.map((file) => [
      file,
      JSON.parse(readFileSync(path.join(HIJRI_FIXTURES_DIR, file), 'utf8')) as HijriFixtureRow[],
    ]),
  );
}
