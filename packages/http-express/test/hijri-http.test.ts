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

  it('answers the table’s 28- and 31-day months without a 500, and 400 for days they lack', async () => {
    for (const [hijri, gregorian, monthLength] of [
      ['1348-12-28', '1930-05-27', 28],
      ['1343-09-28', '1925-04-23', 28],
      ['1345-05-31', '1926-12-06', 31],
    ] as const) {
      const data = await convert('hijri', hijri);
      expect(data.gregorian.date, hijri).to.equal(gregorian);
      expect(data.hijri.monthLength, hijri).to.equal(monthLength);
      expect((await convert('date', gregorian)).hijri.date).to.equal(hijri);
    }
    for (const hijri of ['1348-12-29', '1343-09-29', '1345-08-29', '1349-10-29', '1364-08-29', '1364-08-30']) {
      const response = await server.get(`/api/v1/hijri?hijri=${hijri}`, headers);
      expect(response.status, hijri).to.equal(400);
      expect(response.body.error.message, hijri).to.match(/^Query parameter 'hijri'/);
    }
  });
});

const toUtc = ([year, month, day]: HijriTriple): [number, number, number] => [year, month - 1, day];
