import type { MosqueSchedule } from '@islamic-data/core';
import { aMosqueRecord } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

// Two synthetic mosques in London (Europe/London: BST begins 2026-03-29) and one not yet published.
const A = 'test-schedule-mosque-a';
const B = 'test-schedule-mosque-b';
const PENDING = 'test-schedule-mosque-pending';
const SCHEDULE = {
  method: 'muslim-world-league',
  madhab: 'hanafi',
  iqama: { fajr: { after: 20 }, dhuhr: { at: '13:15' }, isha: { at: '20:30' } },
  jumuah: ['14:00', '13:00'],
};
const MINUTE = 60_000;

interface MosqueTime {
  time: string;
  timestamp: string;
}
interface MosqueDay {
  date: { gregorian: string };
  timings: Record<string, string | null>;
  timestamps: Record<string, string | null>;
  iqama: Record<string, MosqueTime | null> | null;
  jumuah: MosqueTime[] | null;
  mosque: { slug: string };
}

describe('http: mosque schedules, their prayer times and the mosque’s own key (CONTRACT §20)', () => {
  let t: TestApp;
  let reader: string;
  let writer: string;
  let ownKeyA: string;

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    for (const [slug, status] of [
      [A, 'published'],
      [B, 'published'],
      [PENDING, 'pending'],
    ] as const) {
      await t.deps.stores.mosques.insert(
        aMosqueRecord({ slug, nameEn: `Test Schedule Mosque ${slug.slice(-1)}`, status, lat: 51.5, lng: -0.12 }),
      );
    }
    ({ key: reader } = await t.issueKey({ scopes: ['mosques'], permissions: ['read'] }));
    ({ key: writer } = await t.issueKey({
      name: 'Test mosques writer',
      scopes: ['mosques'],
      permissions: ['read', 'write'],
    }));
    ({ key: ownKeyA } = await t.issueKey({
      name: 'Test own key of A',
      scopes: [`mosque:${A}`],
      permissions: ['read', 'write'],
    }));
  });
  after(() => t.close());

  const get = (path: string, key = reader) => request(t.app).get(`/api/v1${path}`).set('X-API-Key', key);
  const put = (slug: string, body: unknown, key = writer) =>
    request(t.app)
      .put(`/api/v1/mosques/${slug}/schedule`)
      .set('X-API-Key', key)
      .send(body as object);
  const day = async (slug: string, date: string): Promise<MosqueDay> => {
    const response = await get(`/mosques/${slug}/prayer-times?date=${date}`);
    expect(response.status, response.text).to.equal(200);
    return response.body.data;
  };

  describe('without a schedule', () => {
    it('answers the adhan times at the mosque with iqama and jumuah null', async () => {
      const friday = await day(B, '2026-03-27');
      expect(friday.iqama).to.equal(null);
      expect(friday.jumuah).to.equal(null);
      expect(friday.timings.fajr).to.match(/^\d\d:\d\d$/);
      expect(friday.mosque.slug).to.equal(B);
      const plain = await get('/prayer-times?lat=51.5&lng=-0.12&date=2026-03-27');
      expect(plain.status).to.equal(403); // a mosques key is not a prayer-times key
      const record = await get(`/mosques/${B}`);
      expect(record.body.data).to.include({ schedule: null, source: null });
    });

    it('is 404 for a mosque that is not published, and for an unknown slug', async () => {
      expectErrorEnvelope(await get(`/mosques/${PENDING}/prayer-times?date=2026-03-27`), 404, 'NOT_FOUND');
      expectErrorEnvelope(
        await get('/mosques/test-no-such-mosque/prayer-times/calendar?year=2026&month=3'),
        404,
        'NOT_FOUND',
      );
      expectErrorEnvelope(await put(PENDING, SCHEDULE), 404, 'NOT_FOUND');
    });
  });

  describe('PUT /mosques/{slug}/schedule', () => {
    let stored: MosqueSchedule;

    before(async () => {
      // Read once before the write: the cached answer must not outlive it.
      expect((await day(A, '2026-03-28')).iqama).to.equal(null);
      const response = await put(A, SCHEDULE);
      expect(response.status, response.text).to.equal(200);
      stored = response.body.data;
    });

    it('stores the schedule with defaults filled, Jumu‘ah sorted, and shows it in the mosque record', async () => {
      expect(stored).to.deep.include({
        method: 'muslim-world-league',
        madhab: 'hanafi',
        highLatitudeRule: null,
        adjustments: {},
        hijriAdjustment: 0,
        iqama: { fajr: { after: 20 }, dhuhr: { at: '13:15' }, asr: null, maghrib: null, isha: { at: '20:30' } },
        jumuah: ['13:00', '14:00'],
      });
      expect(Date.parse(stored.updatedAt)).to.be.a('number').and.not.NaN;
      const record = await get(`/mosques/${A}`);
      expect(record.body.data.schedule).to.deep.equal(stored);
      const listed = await get('/mosques?near=51.5,-0.12,1');
      expect(listed.body.data.find((m: { slug: string }) => m.slug === A).schedule).to.deep.equal(stored);
    });

    it('audits the write in the same transaction, with the schedule before and after', async () => {
      const entries = await t.deps.stores.audit.list({ resourcePrefix: `mosques/${A}/schedule` });
      expect(entries).to.have.length(1);
      expect(entries[0]).to.deep.include({
        action: 'mosques.schedule.put',
        keyName: 'Test mosques writer',
        target: { type: 'mosque-schedule', slug: A },
        before: null,
        after: stored,
      });
    });

    it('refuses bad schedules with 400 naming the field, and changes nothing', async () => {
      const bad: [unknown, string][] = [
        [{ iqama: { fajr: { after: 181 } } }, 'iqama'],
        [{ iqama: { fajr: { after: -1 } } }, 'iqama'],
        [{ iqama: { fajr: { after: 2.5 } } }, 'iqama'],
        [{ iqama: { isha: { at: '24:00' } } }, 'iqama'],
        [{ iqama: { isha: { at: '8:30' } } }, 'iqama'],
        [{ iqama: { isha: { at: '20:30', after: 5 } } }, 'iqama'],
        [{ iqama: { witr: { after: 5 } } }, 'iqama'],
        [{ jumuah: ['13:00', '13:00'] }, 'jumuah'],
        [{ jumuah: ['1pm'] }, 'jumuah'],
        [{ method: 'no-such-method' }, 'method'],
        [{ method: 'custom' }, 'method'],
        [{ madhab: 'test' }, 'madhab'],
        [{ highLatitudeRule: 'test' }, 'highLatitudeRule'],
        [{ adjustments: { witr: 2 } }, 'adjustments'],
        [{ adjustments: { fajr: 500 } }, 'adjustments'],
        [{ hijriAdjustment: 3 }, 'hijriAdjustment'],
        [{ updatedAt: '2026-01-01T00:00:00Z' }, 'updatedAt'],
        [{ testUnknown: 1 }, 'testUnknown'],
        [[], ''],
      ];
      for (const [body, field] of bad) {
        const response = await put(A, body);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message, JSON.stringify(body)).to.contain(field);
      }
      expect((await get(`/mosques/${A}`)).body.data.schedule).to.deep.equal(stored);
      expect(await t.deps.stores.audit.list({ resourcePrefix: `mosques/${A}/schedule` })).to.have.length(1);
    });

    it('refuses a read-only key (403 INSUFFICIENT_PERMISSION)', async () => {
      expectErrorEnvelope(await put(A, SCHEDULE, reader), 403, 'INSUFFICIENT_PERMISSION');
    });
  });

  describe('iqama and Jumu‘ah times', () => {
    const minutesBetween = (later: string, earlier: string) => (Date.parse(later) - Date.parse(earlier)) / MINUTE;

    it('gives Fajr’s iqama 20 minutes after the adhan and Isha’s at 20:30, across the change to BST', async () => {
      const winter = await day(A, '2026-03-28');
      const summer = await day(A, '2026-03-29');
      for (const [date, offset] of [
        [winter, '+00:00'],
        [summer, '+01:00'],
      ] as const) {
        expect(minutesBetween(date.iqama!.fajr!.timestamp, date.timestamps.fajr!)).to.equal(20);
        expect(date.iqama!.fajr!.timestamp.endsWith(offset), date.iqama!.fajr!.timestamp).to.equal(true);
        expect(date.iqama!.isha).to.deep.equal({
          time: '20:30',
          timestamp: `${date.date.gregorian}T20:30:00${offset}`,
        });
        expect(date.iqama!.dhuhr!.time).to.equal('13:15');
        expect(date.iqama!.asr).to.equal(null);
        expect(date.iqama!.maghrib).to.equal(null);
      }
      // The wall-clock iqama stays at 20:30 while the instant moves by the hour the clocks moved.
      expect(Date.parse(summer.iqama!.isha!.timestamp) - Date.parse(winter.iqama!.isha!.timestamp)).to.equal(
        23 * 60 * MINUTE,
      );
      // The fajr iqama's local time is its adhan's plus 20 minutes on both days.
      const plus20 = (time: string) => {
        const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3)) + 20;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      };
      expect(summer.iqama!.fajr!.time).to.equal(plus20(summer.timings.fajr!));
      expect(winter.iqama!.fajr!.time).to.equal(plus20(winter.timings.fajr!));
    });

    it('uses the schedule’s madhab (Hanafi Asr is later than Shafi’i Asr)', async () => {
      const mosqueDay = await day(A, '2026-03-28');
      const defaultDay = await day(B, '2026-03-28');
      expect(mosqueDay.timings.asr! > defaultDay.timings.asr!).to.equal(true);
      expect(mosqueDay.timings.fajr).to.equal(defaultDay.timings.fajr);
    });

    it('lists Jumu‘ah on Fridays only, earliest first', async () => {
      const month = (await get(`/mosques/${A}/prayer-times/calendar?year=2026&month=3`)).body.data as MosqueDay[];
      expect(month).to.have.length(31);
      const fridays = month.filter((d) => new Date(`${d.date.gregorian}T12:00:00Z`).getUTCDay() === 5);
      expect(fridays.map((d) => d.date.gregorian)).to.deep.equal([
        '2026-03-06',
        '2026-03-13',
        '2026-03-20',
        '2026-03-27',
      ]);
      for (const d of month) {
        if (fridays.includes(d)) {
          const offset = d.date.gregorian < '2026-03-29' ? '+00:00' : '+01:00';
          expect(d.jumuah).to.deep.equal([
            { time: '13:00', timestamp: `${d.date.gregorian}T13:00:00${offset}` },
            { time: '14:00', timestamp: `${d.date.gregorian}T14:00:00${offset}` },
          ]);
        } else expect(d.jumuah, d.date.gregorian).to.equal(null);
      }
    });

    it('answers a calendar day exactly as the day’s own read', async () => {
      const month = (await get(`/mosques/${A}/prayer-times/calendar?year=2026&month=3`)).body.data as MosqueDay[];
      expect(month[28]).to.deep.equal(await day(A, '2026-03-29'));
      expect(month[26]).to.deep.equal(await day(A, '2026-03-27'));
    });

    it('a calendar month and its ICS feed agree day by day, adhan and iqama and Jumu‘ah', async () => {
      const month = (await get(`/mosques/${A}/prayer-times/calendar?year=2026&month=3`)).body.data as MosqueDay[];
      const feed = await get(`/mosques/${A}/prayer-times/calendar.ics?year=2026&month=3`);
      expect(feed.status, feed.text).to.equal(200);
      expect(feed.headers['content-type']).to.equal('text/calendar; charset=utf-8');
      const fromFeed = icsEvents(feed.text);
      const fromJson = month.flatMap((d) => [
        ...(['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const).flatMap((prayer) => {
          const title = prayer[0]!.toUpperCase() + prayer.slice(1);
          const iqama = d.iqama?.[prayer];
          return [
            ...(d.timestamps[prayer] ? [`${title} · Adhan@${Date.parse(d.timestamps[prayer]!)}`] : []),
            ...(iqama ? [`${title} · Iqama@${Date.parse(iqama.timestamp)}`] : []),
          ];
        }),
        ...(d.jumuah ?? []).map((time) => `Jumu'ah@${Date.parse(time.timestamp)}`),
      ]);
      expect(fromFeed).to.have.length(31 * 5 + 31 * 3 + 4 * 2);
      expect(fromFeed).to.deep.equal(fromJson);
      expect(new Set(feed.text.match(/^UID:.*$/gm)).size).to.equal(fromFeed.length);
    });

    it('takes alarm, lang and events as the prayer feed does', async () => {
      const feed = await get(`/mosques/${A}/prayer-times/calendar.ics?year=2026&month=3&alarm=15&lang=ar&events=true`);
      expect(feed.status, feed.text).to.equal(200);
      const unfolded = feed.text.replace(/\r\n /g, '');
      const timed = unfolded.match(
        /BEGIN:VEVENT\r\n(?:(?!END:VEVENT)[\s\S])*?DTSTART(?!;VALUE=DATE)[\s\S]*?END:VEVENT/g,
      )!;
      expect(timed.length).to.equal(31 * 5 + 31 * 3 + 4 * 2);
      for (const event of timed) expect(event).to.contain('BEGIN:VALARM').and.contain('TRIGGER:-PT15M');
      expect(unfolded).to.contain('SUMMARY:الفجر · الأذان');
      expect(unfolded).to.contain('SUMMARY:الفجر · الإقامة');
      expect(unfolded).to.contain('SUMMARY:صلاة الجمعة');
      expect(unfolded.match(/DTSTART;VALUE=DATE:/g)?.length ?? 0).to.be.greaterThan(0);
      const english = await get(`/mosques/${A}/prayer-times/calendar.ics?year=2026&month=3`);
      expect(english.text).not.to.contain('VALARM');
      expect(english.text).not.to.contain('VALUE=DATE');
      for (const [query, field] of [
        ['alarm=121', 'alarm'],
        ['alarm=-1', 'alarm'],
        ['lang=fr', 'lang'],
      ]) {
        const refused = await get(`/mosques/${A}/prayer-times/calendar.ics?year=2026&month=3&${query}`);
        expectErrorEnvelope(refused, 400, 'VALIDATION_ERROR');
        expect(refused.body.error.message).to.contain(`'${field}'`);
      }
    });

    it('takes a read-only key of the mosque in the feed’s query string, and refuses any other key there', async () => {
      const { key: ownReader } = await t.issueKey({ scopes: [`mosque:${A}`], permissions: ['read'] });
      const feedWith = (key: string) =>
        request(t.app).get(`/api/v1/mosques/${A}/prayer-times/calendar.ics?year=2026&month=3&key=${key}`);
      expect((await feedWith(ownReader)).status).to.equal(200);
      expectErrorEnvelope(await feedWith(reader), 403, 'INSUFFICIENT_SCOPE');
      expectErrorEnvelope(await feedWith(ownKeyA), 403, 'INSUFFICIENT_PERMISSION');
      const otherMosque = await request(t.app).get(
        `/api/v1/mosques/${B}/prayer-times/calendar.ics?year=2026&month=3&key=${ownReader}`,
      );
      expectErrorEnvelope(otherMosque, 403, 'INSUFFICIENT_SCOPE');
    });

    it('refuses bad read parameters with 400 naming them', async () => {
      for (const [path, field] of [
        [`/mosques/${A}/prayer-times?date=2026-02-30`, 'date'],
        [`/mosques/${A}/prayer-times?date=tomorrow`, 'date'],
        [`/mosques/${A}/prayer-times?date=0999-12-31`, 'date'],
        [`/mosques/${A}/prayer-times/calendar?year=2026&month=13`, 'month'],
        [`/mosques/${A}/prayer-times/calendar?month=3`, 'year'],
        [`/mosques/${A}/prayer-times/calendar.ics?year=2026&month=3&months=13`, 'months'],
      ]) {
        const response = await get(path!);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message, path).to.contain(`'${field}'`);
      }
    });
  });

  describe('the mosque’s own key (scope mosque:{slug})', () => {
    it('can PUT its own mosque’s schedule and read its record and times', async () => {
      const response = await put(A, { ...SCHEDULE, iqama: { fajr: { after: 15 } } }, ownKeyA);
      expect(response.status, response.text).to.equal(200);
      expect(response.body.data.iqama.fajr).to.deep.equal({ after: 15 });
      expect((await get(`/mosques/${A}`, ownKeyA)).status).to.equal(200);
      const today = await get(`/mosques/${A}/prayer-times?date=2026-03-28`, ownKeyA);
      expect(today.status).to.equal(200);
      expect(today.body.data.iqama.isha).to.equal(null);
      expect((await get(`/mosques/${A}/prayer-times/calendar?year=2026&month=3`, ownKeyA)).status).to.equal(200);
      expect((await get(`/mosques/${A}/prayer-times/calendar.ics?year=2026&month=3`, ownKeyA)).status).to.equal(200);
      const [latest] = await t.deps.stores.audit.list({ resourcePrefix: `mosques/${A}/schedule` });
      expect(latest!.keyName).to.equal('Test own key of A');
    });

    it('gets 403 INSUFFICIENT_SCOPE on another mosque, on POST /mosques, the listing, Quran and Hadith', async () => {
      expectErrorEnvelope(await put(B, SCHEDULE, ownKeyA), 403, 'INSUFFICIENT_SCOPE');
      expectErrorEnvelope(await get(`/mosques/${B}`, ownKeyA), 403, 'INSUFFICIENT_SCOPE');
      expectErrorEnvelope(await get(`/mosques/${B}/prayer-times?date=2026-03-28`, ownKeyA), 403, 'INSUFFICIENT_SCOPE');
      expectErrorEnvelope(await get('/mosques?near=51.5,-0.12', ownKeyA), 403, 'INSUFFICIENT_SCOPE');
      const submission = await request(t.app).post('/api/v1/mosques').set('X-API-Key', ownKeyA).send({
        nameEn: 'Test',
        addressLine1: 'Test',
        city: 'Test',
        country: 'GB',
        submitterEmail: 'test@example.org',
      });
      expectErrorEnvelope(submission, 403, 'INSUFFICIENT_SCOPE');
      for (const path of [
        '/quran/surahs',
        '/quran/surahs/1/ayahs/1',
        '/hadith/collections',
        '/prayer-times?lat=1&lng=1',
        '/qibla?lat=1&lng=1',
      ])
        expectErrorEnvelope(await get(path, ownKeyA), 403, 'INSUFFICIENT_SCOPE');
      expect((await get(`/mosques/${B}`)).body.data.schedule).to.equal(null);
    });

    it('can be made only for a well-formed slug', async () => {
      for (const scope of ['mosque:', 'mosque:Test', 'mosque:a b', 'mosques:a'])
        await expectRejected(() => t.issueKey({ scopes: [scope as never], permissions: ['read'] }));
    });
  });

  describe('calendars read before a schedule changes (large answers, kept)', () => {
    const C = 'test-schedule-mosque-c';
    const reads = [
      `/mosques/${C}/prayer-times/calendar?year=2026&month=3`,
      `/mosques/${C}/prayer-times/calendar.ics?year=2026&month=3`,
    ];
    before(() =>
      t.deps.stores.mosques.insert(
        aMosqueRecord({ slug: C, nameEn: 'Test Schedule Mosque C', status: 'published', lat: 51.5, lng: -0.12 }),
      ),
    );

    it('are answered anew after each PUT, with a new ETag and no 304 for the old one', async () => {
      for (const ishaAt of ['20:30', '20:45']) {
        const before = await Promise.all(reads.map((path) => get(path)));
        for (const [i, response] of before.entries()) {
          expect(response.status, reads[i]).to.equal(200);
          // Kept: the same answer again.
          expect((await get(reads[i]!)).headers.etag).to.equal(response.headers.etag);
        }
        const written = await put(C, { ...SCHEDULE, iqama: { isha: { at: ishaAt } } });
        expect(written.status, written.text).to.equal(200);
        for (const [i, was] of before.entries()) {
          const now = await get(reads[i]!).set('If-None-Match', was.headers.etag!);
          expect(now.status, reads[i]).to.equal(200);
          expect(now.headers.etag).not.to.equal(was.headers.etag);
          expect(now.text).not.to.equal(was.text);
          expect(now.text, reads[i]).to.contain(i === 0 ? `"time":"${ishaAt}"` : ishaAt.replace(':', ''));
        }
      }
    });
  });
});

describe('http: the OpenStreetMap credit in the reference (ODbL)', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp()));
  after(() => t.close());

  it('is in the description of the document that /docs renders', async () => {
    const document = await request(t.app).get('/openapi.json');
    expect(document.body.info.description).to.contain('© OpenStreetMap contributors, ODbL');
    expect(document.body.info.description).to.contain('Open Database License');
    const script = await request(t.app).get('/docs/reference.js');
    expect(script.status).to.equal(200);
    expect(script.text).to.contain('"url":"/openapi.json"');
  });
});

async function expectRejected(run: () => Promise<unknown>) {
  let failed = false;
  try {
    await run();
  } catch {
    failed = true;
  }
  expect(failed).to.equal(true);
}

/** `SUMMARY@instant` of each VEVENT in order; DTSTART is either local with TZID=Europe/London or UTC. */
function icsEvents(text: string): string[] {
  const unfolded = text.replace(/\r\n /g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map(([, body]) => {
    const summary = /^SUMMARY:(.*)$/m.exec(body!)![1]!.replace(/\\/g, '').trim();
    const local = /^DTSTART;TZID=Europe\/London:(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)\r?$/m.exec(body!);
    const utc = /^DTSTART:(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z\r?$/m.exec(body!);
    const [, y, mo, d, h, mi] = (local ?? utc)!.map(Number);
    let instant = Date.UTC(y!, mo! - 1, d!, h!, mi!);
    // London is UTC+0 before 2026-03-29 01:00 UTC and UTC+1 after.
    if (local && instant >= Date.UTC(2026, 2, 29, 2)) instant -= 60 * MINUTE;
    return `${summary}@${instant}`;
  });
}
