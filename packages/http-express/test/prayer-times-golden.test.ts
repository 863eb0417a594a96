import { PRAYER_NAMES } from '@islamic-data/core';
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listen, mapConcurrently, type ListeningApp } from './http-client.js';
import { startTestApp, type TestApp } from './test-app.js';

// The compiled test runs from packages/http-express/dist/test; the shared data sits beside the repository.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const goldenDir = path.join(repoRoot, '../shared/data/reference/prayer-times/adhan-shared-times');

interface GoldenFile {
  params: { latitude: number; longitude: number; timezone: string; method: string; madhab: string; highLatitudeRule: string };
  variance?: number;
  times: Array<Record<string, string> & { date: string }>;
}

/** adhan's method names as the API's slugs. */
const METHOD_SLUGS: Record<string, string> = {
  MuslimWorldLeague: 'muslim-world-league',
  Egyptian: 'egyptian',
  Karachi: 'karachi',
  UmmAlQura: 'umm-al-qura',
  Dubai: 'dubai',
  MoonsightingCommittee: 'moonsighting-committee',
  NorthAmerica: 'north-america',
  Kuwait: 'kuwait',
  Qatar: 'qatar',
  Singapore: 'singapore',
  Tehran: 'tehran',
  Turkey: 'turkey',
};
const RULES: Record<string, string> = {
  MiddleOfTheNight: 'middle-of-the-night',
  SeventhOfTheNight: 'seventh-of-the-night',
  TwilightAngle: 'twilight-angle',
};

/** "5:44 PM" → minutes after midnight. */
function minutesOf12Hour(text: string): number {
  const [, hours, minutes, half] = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(text)!;
  return (Number(hours) % 12) * 60 + Number(minutes) + (half === 'PM' ? 720 : 0);
}

const minutesOf24Hour = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5));

function circularDifference(a: number, b: number): number {
  const difference = Math.abs(a - b) % 1440;
  return Math.min(difference, 1440 - difference);
}

/** The golden file's parameters as the query string of CONTRACT §6. */
function queryOf({ params }: GoldenFile): string {
  return new URLSearchParams({
    lat: String(params.latitude),
    lng: String(params.longitude),
    method: METHOD_SLUGS[params.method]!,
    madhab: params.madhab.toLowerCase(),
    highLatitudeRule: RULES[params.highLatitudeRule]!,
    timezone: params.timezone,
  }).toString();
}

describe('http: prayer times against the adhan-js golden files, through GET /prayer-times and /prayer-times/calendar', function () {
  this.timeout(60_000);
  const files = readdirSync(goldenDir).filter((file) => file.endsWith('.json')).sort();
  const goldens = new Map(files.map((file) => [file, JSON.parse(readFileSync(path.join(goldenDir, file), 'utf8')) as GoldenFile]));
  let t: TestApp;
  let server: ListeningApp;
  let headers: Record<string, string>;
  const checks = { day: 0, calendar: 0 };

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    server = await listen(t.app);
    headers = { 'X-API-Key': (await t.issueKey({ scopes: ['prayer-times'] })).key };
  });
  after(async () => {
    await server.close();
    await t.close();
  });

  /** Every time of the expected day that is off by more than the variance, as readable lines. */
  function misses(golden: GoldenFile, expected: GoldenFile['times'][number], day: any, via: string): string[] {
    const variance = golden.variance ?? 0;
    return PRAYER_NAMES.flatMap((name) => {
      const computed = day.timings[name] as string | null;
      const off = computed === null ? Infinity : circularDifference(minutesOf24Hour(computed), minutesOf12Hour(expected[name]!));
      return off > variance ? [`${via} ${expected.date} ${name}: ${computed} vs ${expected[name]}`] : [];
    });
  }

  it('finds all eight files, 462 days in all', () => {
    expect(files).to.have.length(8);
    expect([...goldens.values()].reduce((days, golden) => days + golden.times.length, 0)).to.equal(462);
  });

  for (const file of files) {
    it(`${file}: every day through /prayer-times, within the file's variance, echoing the parameters`, async () => {
      const golden = goldens.get(file)!;
      const query = queryOf(golden);
      const found = await mapConcurrently(golden.times, 8, async (expected) => {
        const response = await server.get(`/api/v1/prayer-times?${query}&date=${expected.date}`, headers);
        expect(response.status, JSON.stringify(response.body)).to.equal(200);
        const day = response.body.data;
        expect(day.date.gregorian).to.equal(expected.date);
        expect(day.location).to.deep.equal({ lat: golden.params.latitude, lng: golden.params.longitude, timezone: golden.params.timezone });
        expect(day.method.id).to.equal(METHOD_SLUGS[golden.params.method]);
        expect(day.madhab).to.equal(golden.params.madhab.toLowerCase());
        expect(day.highLatitudeRule).to.equal(RULES[golden.params.highLatitudeRule]);
        checks.day += PRAYER_NAMES.length;
        return misses(golden, expected, day, '/prayer-times');
      });
      const all = found.flat();
      expect(all, all.join('; ')).to.deep.equal([]);
    });

    it(`${file}: every day again through /prayer-times/calendar, one request per month`, async () => {
      const golden = goldens.get(file)!;
      const query = queryOf(golden);
      const months = [...new Set(golden.times.map((expected) => expected.date.slice(0, 7)))];
      const calendars = new Map(
        await mapConcurrently(months, 4, async (yearMonth) => {
          const [year, month] = yearMonth.split('-').map(Number);
          const response = await server.get(`/api/v1/prayer-times/calendar?${query}&year=${year}&month=${month}`, headers);
          expect(response.status, JSON.stringify(response.body)).to.equal(200);
          return [yearMonth, response.body.data as any[]] as const;
        }),
      );
      const all = golden.times.flatMap((expected) => {
        const day = calendars.get(expected.date.slice(0, 7))![Number(expected.date.slice(8)) - 1];
        expect(day.date.gregorian).to.equal(expected.date);
        checks.calendar += PRAYER_NAMES.length;
        return misses(golden, expected, day, '/prayer-times/calendar');
      });
      expect(all, all.join('; ')).to.deep.equal([]);
    });
  }

  it('made 2,772 single-time checks (462 days × 6) through each endpoint', () => {
    expect(checks).to.deep.equal({ day: 2772, calendar: 2772 });
  });
});
