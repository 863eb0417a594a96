import { PRAYER_NAMES } from '@islamic-data/core';
import { expect } from 'chai';
import { goldenMisses, goldenSettings, readGoldenTimes, type GoldenTimesFile } from '@islamic-data/test-fixtures';
import { listen, mapConcurrently, type ListeningApp } from './http-client.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The golden file's parameters as the query string of CONTRACT §6. */
const queryOf = (golden: GoldenTimesFile) =>
  new URLSearchParams(
    Object.entries(goldenSettings(golden)).map(([name, value]) => [name, String(value)] as [string, string]),
  ).toString();

describe(
  'http: prayer times against the adhan-js golden files, ' + 'through GET /prayer-times and /prayer-times/calendar',
  function () {
    this.timeout(60_000);
    const goldens = new Map(readGoldenTimes().map((golden) => [golden.file, golden]));
    const files = [...goldens.keys()];
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

    const misses = (golden: GoldenTimesFile, expected: GoldenTimesFile['times'][number], day: any, via: string) =>
      goldenMisses(golden, expected, day.timings).map((miss) => `${via} ${miss}`);

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
          expect(day.location).to.deep.equal({
            lat: golden.params.latitude,
            lng: golden.params.longitude,
            timezone: golden.params.timezone,
          });
          expect(day.method.id).to.equal(goldenSettings(golden).method);
          expect(day.madhab).to.equal(goldenSettings(golden).madhab);
          expect(day.highLatitudeRule).to.equal(goldenSettings(golden).highLatitudeRule);
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
            const response = await server.get(
              `/api/v1/prayer-times/calendar?${query}&year=${year}&month=${month}`,
              headers,
            );
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
  },
);
