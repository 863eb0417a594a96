import { ManualClock, type Permission, type PrayerTimesDay, type Scope } from '@islamic-data/core';
import { expect } from 'chai';
import ICAL from 'ical.js';
import request from 'supertest';
import { apiRoutes } from '../src/index.js';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

const API = '/api/v1';
const LONDON = 'lat=51.5074&lng=-0.1278';
const MAKKAH = 'lat=21.4225&lng=39.8262&method=umm-al-qura';
const PRAYERS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;

interface ParsedFeed {
  calendar: ICAL.Component;
  events: { uid: string; summary: string; start: number; localClock: string; tzid: string | null }[];
}

/** Parses with ical.js (a maintained RFC 5545 parser), registering the feed's own VTIMEZONEs to place its times. */
function parseFeed(text: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const start = event.startDate;
    return {
      uid: event.uid,
      summary: event.summary,
      start: start.toJSDate().getTime(),
      localClock: `${String(start.hour).padStart(2, '0')}:${String(start.minute).padStart(2, '0')}`,
      tzid: (component.getFirstProperty('dtstart')!.getParameter('tzid') as string | undefined) ?? null,
    };
  });
  return { calendar, events };
}

describe('http: GET /prayer-times/calendar.ics (iCalendar feed)', () => {
  const clock = new ManualClock('2026-05-20T10:00:00.000Z');
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await startTestApp({ clock, rateLimitPerMinute: 100_000 });
    ({ key } = await t.issueKey({ scopes: ['prayer-times', 'hijri'] }));
  });
  after(async () => t.close());

  const feed = (query: string) => request(t.app).get(`${API}/prayer-times/calendar.ics?${query}`).set('X-API-Key', key);
  const calendarJson = async (query: string): Promise<PrayerTimesDay[]> => {
    const response = await request(t.app).get(`${API}/prayer-times/calendar?${query}`).set('X-API-Key', key);
    expect(response.status, response.text).to.equal(200);
    return response.body.data;
  };

  /** Every event's instant and local clock equal the JSON calendar's time for that prayer and day. */
  async function expectSameTimes(query: string, months: { year: number; month: number }[]): Promise<void> {
    const response = await feed(`${query}&year=${months[0]!.year}&month=${months[0]!.month}&months=${months.length}`);
    expect(response.status, response.text).to.equal(200);
    const { events } = parseFeed(response.text);
    const days = (
      await Promise.all(months.map(({ year, month }) => calendarJson(`${query}&year=${year}&month=${month}`)))
    ).flat();
    const expected = days.flatMap((day) =>
      PRAYERS.filter((prayer) => day.timestamps[prayer] !== null).map((prayer) => ({
        summary: prayer,
        start: Date.parse(day.timestamps[prayer]!),
        localClock: day.timings[prayer],
        tzid: day.location.timezone,
      })),
    );
    // An event within hours of a clock change starts in UTC (no TZID): its local clock is not the zone's.
    const read = events.map(({ summary, start, localClock, tzid }) => ({
      summary: summary.toLowerCase(),
      start,
      localClock,
      tzid,
    }));
    expect(read.filter((event) => event.tzid === null)).to.have.length.below(3);
    expect(read.map(({ summary, start }) => ({ summary, start }))).to.deep.equal(
      expected.map(({ summary, start }) => ({ summary, start })),
    );
    expect(read.filter((event) => event.tzid !== null)).to.deep.equal(
      expected.filter((_, index) => read[index]!.tzid !== null),
    );
  }

  it('a month parses as RFC 5545, with 5 events a day (no sunrise event) and the calendar’s times', async () => {
    const response = await feed(`${LONDON}&year=2026&month=6`);
    expect(response.status, response.text).to.equal(200);
    expect(response.headers['content-type']).to.equal('text/calendar; charset=utf-8');
    const { calendar, events } = parseFeed(response.text);
    expect(calendar.name).to.equal('vcalendar');
    expect(calendar.getFirstPropertyValue('version')).to.equal('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).to.be.a('string').and.not.equal('');
    expect(events).to.have.length(5 * 30);
    expect(events.map((event) => event.summary)).to.not.include('Sunrise');
    await expectSameTimes(LONDON, [{ year: 2026, month: 6 }]);
  });

  it('times equal the calendar’s across a daylight-saving change (London, March 2026)', async () => {
    await expectSameTimes(LONDON, [{ year: 2026, month: 3 }]);
  });

  it('months=3 from November runs into the next year; Makkah with Umm al-Qura', async () => {
    await expectSameTimes(MAKKAH, [
      { year: 2026, month: 11 },
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
  });

  it('Isha follows the adjusted Ramadan with hijriAdjustment=1, as the JSON calendar does', async () => {
    await expectSameTimes(`${MAKKAH}&hijriAdjustment=1`, [
      { year: 2026, month: 2 },
      { year: 2026, month: 3 },
    ]);
  });

  it('an event near a clock change starts in UTC (Helsinki, October 2026), still equal to the calendar', async () => {
    const query = 'lat=60.1699&lng=24.9384';
    await expectSameTimes(query, [{ year: 2026, month: 10 }]);
    const { text } = await feed(`${query}&year=2026&month=10`);
    expect(text.split('\r\n').filter((line) => /^DTSTART:\d{8}T\d{6}Z$/.test(line))).to.have.length(1);
  });

  it('answers a matching If-None-Match with 304, and the same feed within a day has one ETag', async () => {
    const first = await feed(`${LONDON}&year=2026&month=7`);
    const again = await feed(`${LONDON}&year=2026&month=7`);
    expect(again.headers.etag).to.equal(first.headers.etag);
    const cached = await feed(`${LONDON}&year=2026&month=7`).set('If-None-Match', first.headers.etag!);
    expect(cached.status).to.equal(304);
  });

  it('method=auto in the feed: the events and UIDs of the method chosen', async () => {
    const istanbul = 'lat=41.0082&lng=28.9784&year=2026&month=6';
    const auto = parseFeed((await feed(`${istanbul}&method=auto`)).text).events;
    const turkey = parseFeed((await feed(`${istanbul}&method=turkey`)).text).events;
    expect(auto.map((event) => event.start)).to.deep.equal(turkey.map((event) => event.start));
    expect(auto.map((event) => event.uid)).to.deep.equal(turkey.map((event) => event.uid));
  });

  it('a polar month has no event for a time that does not exist (Tromsø, December)', async () => {
    await expectSameTimes('lat=69.6492&lng=18.9553', [{ year: 2026, month: 12 }]);
    const { events } = parseFeed((await feed('lat=69.6492&lng=18.9553&year=2026&month=12')).text);
    expect(events.length).to.be.below(5 * 31);
  });

  it('UIDs are unique and stable: the same feed fetched again (a day later) has the same UIDs', async () => {
    const first = parseFeed((await feed(`${LONDON}&year=2026&month=6`)).text).events.map((event) => event.uid);
    expect(new Set(first).size).to.equal(first.length);
    clock.advance(86_400_000);
    const again = parseFeed((await feed(`${LONDON}&year=2026&month=6`)).text).events.map((event) => event.uid);
    expect(again).to.deep.equal(first);
    const twoMonths = parseFeed((await feed(`${LONDON}&year=2026&month=6&months=2`)).text).events.map((e) => e.uid);
    expect(twoMonths.slice(0, first.length)).to.deep.equal(first);
    const elsewhere = parseFeed((await feed(`${MAKKAH}&year=2026&month=6`)).text).events.map((event) => event.uid);
    expect(elsewhere.filter((uid) => first.includes(uid))).to.deep.equal([]);
  });

  it('lines end in CRLF and are folded at 75 octets', async () => {
    const { text } = await feed(`lat=41.0082&lng=28.9784&method=turkey&year=2026&month=6`);
    expect(text.endsWith('\r\n')).to.equal(true);
    const lines = text.split('\r\n');
    expect(lines.some((line) => line.includes('\n'))).to.equal(false);
    for (const line of lines) expect(Buffer.byteLength(line), line).to.be.at.most(75);
    expect(lines.some((line) => line.startsWith(' '))).to.equal(true);
  });

  for (const [query, parameter] of [
    [`${LONDON}&year=2026&month=6&months=0`, 'months'],
    [`${LONDON}&year=2026&month=6&months=13`, 'months'],
    [`${LONDON}&year=2026&month=6&months=x`, 'months'],
    [`${LONDON}&year=9999&month=12&months=2`, 'months'],
    [`${LONDON}&month=6`, 'year'],
    [`${LONDON}&year=2026&month=6&hijriAdjustment=3`, 'hijriAdjustment'],
    [`${LONDON}&year=2026&month=6&midnightMode=x`, 'midnightMode'],
    [`${LONDON}&year=2026&month=6&timezone=Mars/Base`, 'timezone'],
  ] as const) {
    it(`${query}: 400 naming '${parameter}' (a JSON envelope)`, async () => {
      const response = await feed(query);
      expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).to.contain(`'${parameter}'`);
    });
  }

  describe('the key in the query string (?key=)', () => {
    const ics = `${API}/prayer-times/calendar.ics?${LONDON}&year=2026&month=6`;

    it('is accepted on this route when no header is sent, and neither it nor the query string is logged', async () => {
      const { key: feedKey } = await t.issueKey({ scopes: ['prayer-times'], permissions: ['read'] });
      const response = await request(t.app).get(`${ics}&key=${encodeURIComponent(feedKey)}`);
      expect(response.status, response.text).to.equal(200);
      expect(parseFeed(response.text).events).to.have.length(150);
      const logged = t.logs.join('');
      expect(logged).to.not.contain(feedKey);
      expect(logged).to.not.contain('key=');
      expect(logged).to.not.contain('year=2026');
    });

    it('an unknown key there: 401 INVALID_API_KEY; none: 401 MISSING_API_KEY', async () => {
      expectErrorEnvelope(await request(t.app).get(`${ics}&key=idk_unknown`), 401, 'INVALID_API_KEY');
      expectErrorEnvelope(await request(t.app).get(ics), 401, 'MISSING_API_KEY');
    });

    it('the header wins when both are sent', async () => {
      const response = await request(t.app)
        .get(`${ics}&key=${encodeURIComponent(key)}`)
        .set('X-API-Key', 'idk_x');
      expectErrorEnvelope(response, 401, 'INVALID_API_KEY');
    });

    it('only a read-only prayer-times key: any other key there is 403 saying why (§19)', async () => {
      const refusals: [Scope[], Permission[], string][] = [
        [['prayer-times', 'hijri'], ['read'], 'INSUFFICIENT_SCOPE'],
        [['*'], ['read'], 'INSUFFICIENT_SCOPE'],
        [['prayer-times'], ['read', 'write'], 'INSUFFICIENT_PERMISSION'],
      ];
      for (const [scopes, permissions, code] of refusals) {
        const { key: wide } = await t.issueKey({ scopes, permissions });
        const response = await request(t.app).get(`${ics}&key=${wide}`);
        expectErrorEnvelope(response, 403, code);
        expect(response.body.error.message).to.contain('cannot be sent in the URL').and.contain('read-only');
        // The same key in the header is served: the rule is about URLs.
        expect((await request(t.app).get(ics).set('X-API-Key', wide)).status).to.equal(200);
      }
    });

    it('a key without the prayer-times scope: 403, as with the header', async () => {
      const { key: hijriOnly } = await t.issueKey({ scopes: ['hijri'] });
      expectErrorEnvelope(await request(t.app).get(`${ics}&key=${hijriOnly}`), 403, 'INSUFFICIENT_SCOPE');
    });

    it('is refused on every other keyed route: 401 MISSING_API_KEY, as if no key were sent', async () => {
      const others = apiRoutes.filter((route) => route.resource !== null && !route.keyInQuery);
      expect(others.length).to.be.greaterThan(10);
      const { key: everything } = await t.issueKey({ scopes: ['*'], permissions: ['read', 'write', 'delete'] });
      for (const route of others) {
        const path = API + route.path.replace(/\{\w+\}/g, '1');
        const response = await request(t.app)[route.method](`${path}?key=${everything}&lat=1&lng=1`);
        expectErrorEnvelope(response, 401, 'MISSING_API_KEY');
      }
      // Also in another spelling of this route's path that is not this route.
      const calendar = await request(t.app).get(`${API}/prayer-times/calendar?${LONDON}&year=2026&month=6&key=${key}`);
      expectErrorEnvelope(calendar, 401, 'MISSING_API_KEY');
    });
  });

  it('OpenAPI documents the route as text/calendar with the key in the query as a second scheme', async () => {
    const { body } = await request(t.app).get('/openapi.json');
    const operation = body.paths[`${API}/prayer-times/calendar.ics`].get;
    expect(operation.responses['200'].content).to.have.all.keys('text/calendar; charset=utf-8');
    expect(operation.security).to.deep.equal([{ ApiKey: [] }, { ApiKeyInQuery: [] }]);
    expect(body.components.securitySchemes.ApiKeyInQuery).to.include({ in: 'query', name: 'key' });
    expect(operation.parameters.map((p: { name: string }) => p.name)).to.include.members(['months', 'key', 'year']);
    expect(body.paths[`${API}/prayer-times`].get.security).to.deep.equal([{ ApiKey: [] }]);
  });
});
