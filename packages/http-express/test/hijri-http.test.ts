import { isoOfTriple as iso, readHijriFixtures, type HijriTriple } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { listen, mapConcurrently, type ListeningApp } from './http-client.js';
import { startTestApp, type TestApp } from './test-app.js';

describe('http: GET /hijri against the hijri-converter reference fixtures, both directions', function () {
  this.timeout(60_000);
  const rowsByFile = readHijriFixtures();
  const files = [...rowsByFile.keys()];
  let t: TestApp;
  let server: ListeningApp;
  let headers: Record<string, string>;
  let conversions = 0;

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    server = await listen(t.app);
    headers = { 'X-API-Key': (await t.issueKey({ scopes: ['hijri'] })).key };
  });
  after(async () => {
    await server.close();
    await t.close();
  });

  /** GET /hijri?{parameter}={date}; the whole answer must be about the same day in both calendars. */
  async function convert(parameter: 'date' | 'hijri', date: string) {
    const response = await server.get(`/api/v1/hijri?${parameter}=${date}`, headers);
    expect(response.status, `${parameter}=${date}: ${JSON.stringify(response.body)}`).to.equal(200);
    conversions += 1;
    return response.body.data;
  }

  it('reads all 1,892 rows from the three files', () => {
    expect(files).to.have.length(3);
    expect([...rowsByFile.values()].reduce((total, rows) => total + rows.length, 0)).to.equal(1892);
  });

  for (const file of files) {
    it(`${file}: date → hijri for every row`, async () => {
      const misses = (
        await mapConcurrently(rowsByFile.get(file)!, 16, async ([[hijri, gregorian]]) => {
          const data = await convert('date', iso(gregorian));
          const ok =
            data.hijri.date === iso(hijri) &&
            data.gregorian.date === iso(gregorian) &&
            data.hijri.day <= data.hijri.monthLength;
          return ok ? [] : [`${iso(gregorian)} → ${data.hijri.date}, expected ${iso(hijri)}`];
        })
      ).flat();
      expect(misses, misses.slice(0, 5).join('; ')).to.deep.equal([]);
    });

    it(`${file}: hijri → date for every row`, async () => {
      const misses = (
        await mapConcurrently(rowsByFile.get(file)!, 16, async ([[hijri, gregorian]]) => {
          const data = await convert('hijri', iso(hijri));
          const ok = data.gregorian.date === iso(gregorian) && data.hijri.date === iso(hijri);
          return ok ? [] : [`${iso(hijri)} → ${data.gregorian.date}, expected ${iso(gregorian)}`];
        })
      ).flat();
      expect(misses, misses.slice(0, 5).join('; ')).to.deep.equal([]);
    });
  }

  it('made 3,784 conversions (1,892 rows × 2 directions)', () => {
    expect(conversions).to.equal(3784);
  });

  it(
    'month starts agree with the month lengths: ' +
      'each kfupm/website month start is the day after the last of the previous month',
    async () => {
      const starts = [...rowsByFile.get('ummalqura_calendar_website.json')!].map(([[hijri, gregorian]]) => ({
        hijri,
        gregorian,
      }));
      const misses: string[] = [];
      for (let i = 1; i < starts.length; i++) {
        const previous = starts[i - 1]!;
        const current = starts[i]!;
        const consecutive = current.hijri[1] === (previous.hijri[1] % 12) + 1;
        if (!consecutive) continue;
        const { hijri } = await convert('hijri', iso(previous.hijri));
        const days = (Date.UTC(...toUtc(current.gregorian)) - Date.UTC(...toUtc(previous.gregorian))) / 86_400_000;
        if (days !== hijri.monthLength)
          misses.push(`${iso(previous.hijri)}: monthLength ${hijri.monthLength}, ${days} days to the next month`);
      }
      expect(misses, misses.slice(0, 5).join('; ')).to.deep.equal([]);
    },
  );
});

const toUtc = ([year, month, day]: HijriTriple): [number, number, number] => [year, month - 1, day];
