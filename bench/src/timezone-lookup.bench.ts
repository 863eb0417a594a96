// Compares the two offline coordinate → IANA zone libraries for bench/TIMEZONE-CHOICE.md: accuracy at borders,
// agreement near them, size on disk and speed (installed in this package's node_modules).
// Run: npm run bench:timezone   (after npm run setup)
import { readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BORDER_TOWNS } from '@islamic-data/core/border-towns';

const rssMiB = () => process.memoryUsage().rss / 2 ** 20;
const timed = async <T>(run: () => T | Promise<T>): Promise<[T, number]> => {
  const start = process.hrtime.bigint();
  const result = await run();
  return [result, Number(process.hrtime.bigint() - start) / 1e6];
};

// Loaded here, one after the other, so that their load time and memory can be told apart.
const rssAtStart = rssMiB();
const [{ default: tzLookup }, tzLookupLoadMs] = await timed(() => import('@photostructure/tz-lookup'));
const rssAfterTzLookup = rssMiB();
const [{ find: geoTzAll }, geoTzLoadMs] = await timed(() => import('geo-tz/all'));
const rssAfterGeoTz = rssMiB();

/** Same UTC offsets at both solstices of 2026: interchangeable for prayer times today. */
function sameOffsets(a: string, b: string): boolean {
  const offset = (zone: string, iso: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .format(new Date(iso))
      .split(' ')
      .at(-1);
  return ['2026-01-15T12:00:00Z', '2026-07-15T12:00:00Z'].every((iso) => offset(a, iso) === offset(b, iso));
}

function accuracy(): void {
  console.log('\nBorder towns (expected zone by hand):');
  const score = { tzLookup: { name: 0, offset: 0 }, geoTz: { name: 0, offset: 0 } };
  for (const [town, lat, lng, expected] of BORDER_TOWNS) {
    const fromTzLookup = tzLookup(lat, lng);
    const fromGeoTz = geoTzAll(lat, lng)[0] ?? '(none)';
    for (const [key, answer] of [
      ['tzLookup', fromTzLookup],
      ['geoTz', fromGeoTz],
    ] as const) {
      if (answer === expected) score[key].name += 1;
      if (sameOffsets(answer, expected)) score[key].offset += 1;
    }
    const mark = (answer: string) =>
      answer === expected ? 'ok' : `${answer}${sameOffsets(answer, expected) ? ' (same offsets)' : ' (WRONG OFFSET)'}`;
    console.log(
      `  ${town.padEnd(20)} ${expected.padEnd(30)} ` +
        `tz-lookup: ${mark(fromTzLookup).padEnd(44)} geo-tz: ${mark(fromGeoTz)}`,
    );
  }
  const n = BORDER_TOWNS.length;
  console.log(`  right zone:    tz-lookup ${score.tzLookup.name}/${n}, geo-tz ${score.geoTz.name}/${n}`);
  console.log(`  right offsets: tz-lookup ${score.tzLookup.offset}/${n}, geo-tz ${score.geoTz.offset}/${n}`);
}

/** Points within `radiusKm` of the border towns: the hard case for polygon lookups. */
function pointsNearBorders(pointsPerTown: number, radiusKm: number, seed: number): Array<[number, number]> {
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return BORDER_TOWNS.flatMap(([, lat, lng]) =>
    Array.from(
      { length: pointsPerTown },
      () =>
        [
          lat + ((random() * 2 - 1) * radiusKm) / 111,
          lng + ((random() * 2 - 1) * radiusKm) / (111 * Math.cos((lat * Math.PI) / 180)),
        ] as [number, number],
    ),
  );
}

async function speed(): Promise<void> {
  const points = pointsNearBorders(100, 20, 7);
  const perLookup = (ms: number) => `${((ms * 1000) / points.length).toFixed(1)} µs/lookup`;
  const [, tzLookupColdMs] = await timed(() => points.forEach(([lat, lng]) => tzLookup(lat, lng)));
  const [, tzLookupWarmMs] = await timed(() => points.forEach(([lat, lng]) => tzLookup(lat, lng)));
  const [, geoTzColdMs] = await timed(() => points.forEach(([lat, lng]) => geoTzAll(lat, lng)));
  const [, geoTzWarmMs] = await timed(() => points.forEach(([lat, lng]) => geoTzAll(lat, lng)));
  console.log(`\nLoad and speed (${points.length} points within 20 km of the border towns):`);
  console.log(
    `  tz-lookup: import ${tzLookupLoadMs.toFixed(1)} ms, +${(rssAfterTzLookup - rssAtStart).toFixed(0)} MiB rss, ` +
      `${perLookup(tzLookupColdMs)} first pass, ${perLookup(tzLookupWarmMs)} second`,
  );
  console.log(
    `  geo-tz:    import ${geoTzLoadMs.toFixed(1)} ms, +${(rssAfterGeoTz - rssAfterTzLookup).toFixed(0)} MiB rss, ` +
      `${perLookup(geoTzColdMs)} first pass, ${perLookup(geoTzWarmMs)} second (its cache warm)`,
  );
  console.log(`  rss at the end: ${rssMiB().toFixed(0)} MiB (started at ${rssAtStart.toFixed(0)} MiB)`);
}

/** geo-tz (full-resolution boundary polygons) as the reference for random points near the towns. */
function agreementNearBorders(pointsPerTown: number, radiusKm: number): void {
  let total = 0;
  let sameName = 0;
  let sameOffset = 0;
  for (const [lat, lng] of pointsNearBorders(pointsPerTown, radiusKm, 42)) {
    const reference = geoTzAll(lat, lng)[0];
    if (!reference) continue;
    const answer = tzLookup(lat, lng);
    total += 1;
    if (answer === reference) sameName += 1;
    if (sameOffsets(answer, reference)) sameOffset += 1;
  }
  const percent = (count: number) => `${((100 * count) / total).toFixed(1)}%`;
  console.log(`\n${total} random points within ${radiusKm} km of those towns, tz-lookup against geo-tz:`);
  console.log(
    `  same zone ${percent(sameName)}, same offsets ${percent(sameOffset)}, ` +
      `wrong offset ${percent(total - sameOffset)}`,
  );
}

/** Bytes on disk of a pnpm-installed package and everything it depends on. */
function installedSize(packageDir: string, seen = new Set<string>()): number {
  const real = realpathSync(packageDir);
  if (seen.has(real)) return 0;
  seen.add(real);
  const manifest = JSON.parse(readFileSync(path.join(real, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  let bytes = directorySize(real);
  // pnpm places a package's dependencies beside it: <store>/<name@version>/node_modules/<dependency>.
  const siblings = path.dirname(real.includes('/@') ? path.dirname(real) : real);
  for (const dependency of Object.keys(manifest.dependencies ?? {}))
    bytes += installedSize(path.join(siblings, dependency), seen);
  return bytes;
}

function directorySize(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((bytes, entry) => {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.isSymbolicLink()) return bytes;
    return bytes + (entry.isDirectory() ? directorySize(full) : statSync(full).size);
  }, 0);
}

function size(): void {
  const benchModules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules');
  const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;
  console.log('\nInstalled size, with dependencies:');
  console.log(
    `  @photostructure/tz-lookup ${megabytes(installedSize(path.join(benchModules, '@photostructure/tz-lookup')))}`,
  );
  console.log(`  geo-tz                    ${megabytes(installedSize(path.join(benchModules, 'geo-tz')))}`);
}

await speed();
accuracy();
agreementNearBorders(40, 5);
size();
