import { ManualClock, PRAYER_NAMES, TIMING_NAMES, ISLAMIC_DAYS } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

const ramadanBegins = { id: 'ramadan-begins', name: ISLAMIC_DAYS.find(({ id }) => id === 'ramadan-begins')!.name };

const API = '/api/v1';
const MAKKAH = 'lat=21.4225&lng=39.8262';
const TROMSO = 'lat=69.6492&lng=18.9553';
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

describe('http: prayer times and Hijri (CONTRACT §6, §8)', () => {
  // "Now" for the default dates: late evening in UTC, already the next day in Makkah.
  const clock = new ManualClock('2026-03-01T22:30:00.000Z');
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await startTestApp({ clock, rateLimitPerMinute: 100_000 });
    ({ key } = await t.issueKey({ scopes: ['prayer-times', 'hijri'] }));
  });
  after(async () => t.close());

  const get = (path: string, apiKey = key) =>
    request(t.app)
      .get(API + path)
      .set('X-API-Key', apiKey);

  function expectValidationError(response: request.Response, ...parameters: string[]): void {
    expect(response.status, response.text).to.equal(400);
    expect(response.body.error.code).to.equal('VALIDATION_ERROR');
    for (const parameter of parameters) expect(response.body.error.message).to.contain(`'${parameter}'`);
    expect(response.body.error.message).to.match(/^[^\n]+\.$/);
  }

  describe('GET /prayer-times: every bad parameter is a 400 naming it', () => {
    for (const [query, parameter] of [
      ['lat=91&lng=0', 'lat'],
      ['lng=0', 'lat'],
      ['lat=abc&lng=0', 'lat'],
      ['lat=0&lng=-181', 'lng'],
      ['lat=0', 'lng'],
      [`${MAKKAH}&date=2026-02-30`, 'date'],
      [`${MAKKAH}&date=22/11/2026`, 'date'],
      [`${MAKKAH}&date=0999-12-31`, 'date'],
      [`${MAKKAH}&method=nope`, 'method'],
      [`${MAKKAH}&method=6`, 'method'],
      [`${MAKKAH}&method=3&method=4`, 'method'],
      [`${MAKKAH}&madhab=maliki`, 'madhab'],
      [`${MAKKAH}&highLatitudeRule=angle`, 'highLatitudeRule'],
      [`${MAKKAH}&polarCircleResolution=nearest`, 'polarCircleResolution'],
      [`${MAKKAH}&timezone=Mars/Base`, 'timezone'],
      [`${MAKKAH}&timezone=%2B03:00`, 'timezone'],
      [`${MAKKAH}&timezone=`, 'timezone'],
      [`${MAKKAH}&fajrAngle=18`, 'fajrAngle'],
      [`${MAKKAH}&method=karachi&ishaAngle=18`, 'ishaAngle'],
      [`${MAKKAH}&method=umm-al-qura&ishaInterval=120`, 'ishaInterval'],
      [`${MAKKAH}&method=custom&fajrAngle=0`, 'fajrAngle'],
      [`${MAKKAH}&method=custom&fajrAngle=31`, 'fajrAngle'],
      [`${MAKKAH}&method=custom&ishaAngle=x`, 'ishaAngle'],
      [`${MAKKAH}&method=custom&ishaInterval=12.5`, 'ishaInterval'],
      [`${MAKKAH}&method=custom&ishaInterval=-1`, 'ishaInterval'],
      [`${MAKKAH}&shafaq=ahmer`, 'shafaq'],
      [`${MAKKAH}&method=moonsighting-committee&shafaq=red`, 'shafaq'],
      [`${MAKKAH}&adjustments=fajr=2`, 'adjustments'],
      [`${MAKKAH}&adjustments=fajr:2,isha`, 'adjustments'],
      [`${MAKKAH}&adjustments=fajr:121`, 'adjustments'],
      [`${MAKKAH}&adjustments=zuhr:2`, 'adjustments'],
      [`${MAKKAH}&adjustments=asr:1.5`, 'adjustments'],
    ] as const) {
      it(`${query} → '${parameter}'`, async () => {
        expectValidationError(await get(`/prayer-times?${query}`), parameter);
      });
    }

    it('words a bad choice with the allowed values, from the schema', async () => {
      const madhab = await get(`/prayer-times?${MAKKAH}&madhab=maliki`);
      expect(madhab.body.error.message).to.contain('shafi').and.to.contain('hanafi');
      const method = await get(`/prayer-times?${MAKKAH}&method=nope`);
      expect(method.body.error.message).to.contain('umm-al-qura').and.to.contain('Aladhan');
    });

    it('ishaAngle with ishaInterval under method=custom names both', async () => {
      expectValidationError(
        await get(`/prayer-times?${MAKKAH}&method=custom&ishaAngle=17&ishaInterval=90`),
        'ishaAngle',
        'ishaInterval',
      );
    });
  });

  describe('GET /prayer-times/calendar: bad parameters', () => {
    for (const [query, parameter] of [
      ['year=2026&month=13', 'month'],
      ['year=2026&month=0', 'month'],
      ['year=2026&month=1.5', 'month'],
      ['year=2026', 'month'],
      ['year=999&month=1', 'year'],
      ['year=10000&month=1', 'year'],
      ['month=3', 'year'],
      ['year=2026&month=3&adjustments=fajr=2', 'adjustments'],
      ['year=2026&month=3&adjustments=isha:-500', 'adjustments'],
      ['year=2026&month=3&timezone=Mars/Base', 'timezone'],
      ['year=2026&month=3&method=nope', 'method'],
      ['year=2026&month=3&fajrAngle=18', 'fajrAngle'],
    ] as const) {
      it(`${query} → '${parameter}'`, async () => {
        expectValidationError(await get(`/prayer-times/calendar?${MAKKAH}&${query}`), parameter);
      });
    }

    it('lat out of range', async () => {
      expectValidationError(await get('/prayer-times/calendar?lat=91&lng=0&year=2026&month=3'), 'lat');
    });
  });

  describe('GET /hijri: bad parameters', () => {
    for (const [query, parameter] of [
      ['hijri=1445-13-01', 'hijri'],
      ['hijri=1445-01-31', 'hijri'],
      ['hijri=1445-08-30', 'hijri'],
      ['hijri=1445/09/01', 'hijri'],
      ['date=2026-02-30', 'date'],
      ['date=11-03-2024', 'date'],
      ['timezone=Mars/Base', 'timezone'],
      ['date=2024-03-11&timezone=Mars/Base', 'timezone'],
    ] as const) {
      it(`${query} → '${parameter}'`, async () => {
        expectValidationError(await get(`/hijri?${query}`), parameter);
      });
    }

    it('date and hijri together: 400 naming both', async () => {
      expectValidationError(await get('/hijri?date=2024-03-11&hijri=1445-09-01'), 'date', 'hijri');
    });

    for (const query of ['date=1924-07-31', 'date=2077-11-17', 'hijri=1342-12-29', 'hijri=1501-01-01']) {
      it(`${query}: 400 stating the supported range`, async () => {
        const response = await get(`/hijri?${query}`);
        expectValidationError(response, query.split('=')[0]!);
        expect(response.body.error.message)
          .to.contain('1924-08-01 to 2077-11-16')
          .and.contain('1343-01-01 to 1500-12-30');
      });
    }
  });

  describe('GET /prayer-times: answers', () => {
    it("answers CONTRACT §6's shape for Makkah, Umm al-Qura", async () => {
      const response = await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=umm-al-qura`);
      expect(response.status).to.equal(200);
      const { data } = response.body;
      expect(data).to.have.all.keys(
        'date',
        'location',
        'method',
        'madhab',
        'highLatitudeRule',
        'timings',
        'timestamps',
      );
      expect(data.date).to.deep.equal({
        gregorian: '2026-11-22',
        hijri: { year: 1448, month: 6, day: 12, events: [] },
        hijriAdjustment: 0,
      });
      expect(data.location).to.deep.equal({ lat: 21.4225, lng: 39.8262, timezone: 'Asia/Riyadh' });
      expect(data.method).to.include({
        id: 'umm-al-qura',
        name: 'Umm al-Qura University, Makkah',
        fajrAngle: 18.5,
        ishaAngle: 0,
        ishaInterval: 90,
      });
      expect(data.madhab).to.equal('shafi');
      expect(data.highLatitudeRule).to.equal('middle-of-the-night');
      expect(data.timings).to.have.all.keys(...TIMING_NAMES);
      for (const name of PRAYER_NAMES) {
        expect(data.timings[name]).to.match(/^\d{2}:\d{2}$/);
        expect(data.timestamps[name]).to.equal(`2026-11-22T${data.timings[name]}:00+03:00`);
      }
      expect(minutes(data.timings.isha) - minutes(data.timings.maghrib)).to.equal(90);
      expect(response.headers['cache-control']).to.equal('private, max-age=0');
      expect(response.headers.etag).to.be.a('string');
    });

    it(
      'defaults: muslim-world-league, shafi, ' + 'the zone and recommended rule of the point, unresolved polar circle',
      async () => {
        const makkah = (await get(`/prayer-times?${MAKKAH}&date=2026-03-01`)).body.data;
        expect(makkah.method.id).to.equal('muslim-world-league');
        expect(makkah.madhab).to.equal('shafi');
        expect(makkah.location.timezone).to.equal('Asia/Riyadh');
        expect(makkah.highLatitudeRule).to.equal('middle-of-the-night');
        const london = (await get('/prayer-times?lat=51.5074&lng=-0.1278&date=2026-03-01')).body.data;
        expect(london.location.timezone).to.equal('Europe/London');
        expect(london.highLatitudeRule).to.equal('seventh-of-the-night');
      },
    );

    it("the default date is today in the point's zone, or in the given timezone", async () => {
      // The clock says 2026-03-01T22:30Z: already 2 March in Makkah (UTC+3), still 1 March in New York.
      expect((await get(`/prayer-times?${MAKKAH}`)).body.data.date.gregorian).to.equal('2026-03-02');
      expect((await get(`/prayer-times?${MAKKAH}&timezone=America/New_York`)).body.data.date.gregorian).to.equal(
        '2026-03-01',
      );
    });

    it('an explicit timezone gives the local times in it, in canonical case', async () => {
      const data = (await get(`/prayer-times?${MAKKAH}&date=2026-03-01&timezone=utc`)).body.data;
      expect(data.location.timezone).to.equal('UTC');
      expect(data.timestamps.dhuhr).to.match(/^2026-03-01T09:\d{2}:00\+00:00$/);
    });

    it("accepts Aladhan's numeric method ids as aliases of the slugs", async () => {
      const bySlug = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=umm-al-qura`)).body.data;
      const byId = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=4`)).body.data;
      expect(byId).to.deep.equal(bySlug);
      expect((await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=13`)).body.data.method.id).to.equal('turkey');
      expect((await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=0`)).body.data.method.id).to.equal('jafari');
    });

    it('madhab hanafi puts Asr later than shafi', async () => {
      const shafi = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22`)).body.data;
      const hanafi = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22&madhab=hanafi`)).body.data;
      expect(hanafi.madhab).to.equal('hanafi');
      expect(minutes(hanafi.timings.asr)).to.be.greaterThan(minutes(shafi.timings.asr) + 30);
      expect(hanafi.timings.dhuhr).to.equal(shafi.timings.dhuhr);
    });

    it('custom angles and interval are applied and echoed', async () => {
      const mwl = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22`)).body.data;
      const custom = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=custom&fajrAngle=15&ishaInterval=60`))
        .body.data;
      expect(custom.method).to.include({ id: 'custom', fajrAngle: 15, ishaAngle: 0, ishaInterval: 60 });
      expect(minutes(custom.timings.fajr)).to.be.greaterThan(minutes(mwl.timings.fajr));
      expect(minutes(custom.timings.isha) - minutes(custom.timings.maghrib)).to.be.within(59, 61);
      const angles = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=custom&ishaAngle=15.5`)).body.data;
      expect(angles.method).to.include({ fajrAngle: 18, ishaAngle: 15.5, ishaInterval: 0 });
    });

    it('adjustments move the named times by whole minutes', async () => {
      const plain = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22`)).body.data;
      const adjusted = (await get(`/prayer-times?${MAKKAH}&date=2026-11-22&adjustments=fajr:2,isha:-1`)).body.data;
      expect(minutes(adjusted.timings.fajr) - minutes(plain.timings.fajr)).to.equal(2);
      expect(minutes(adjusted.timings.isha) - minutes(plain.timings.isha)).to.equal(-1);
      expect(adjusted.timings.dhuhr).to.equal(plain.timings.dhuhr);
    });

    it('moonsighting-committee echoes its shafaq, default general', async () => {
      const general = (await get(`/prayer-times?lat=51.5074&lng=-0.1278&date=2026-01-15&method=moonsighting-committee`))
        .body.data;
      expect(general.method.shafaq).to.equal('general');
      const ahmer = (await get(`/prayer-times?lat=51.5074&lng=-0.1278&date=2026-01-15&method=15&shafaq=ahmer`)).body
        .data;
      expect(ahmer.method).to.include({ id: 'moonsighting-committee', shafaq: 'ahmer' });
    });

    it('Umm al-Qura Isha is 120 minutes after Maghrib in Ramadan', async () => {
      const ramadan = (await get(`/prayer-times?${MAKKAH}&date=2026-03-01&method=umm-al-qura`)).body.data;
      expect(ramadan.date.hijri).to.deep.equal({ year: 1447, month: 9, day: 12, events: [] });
      expect(ramadan.method.ishaInterval).to.equal(120);
      expect(minutes(ramadan.timings.isha) - minutes(ramadan.timings.maghrib)).to.equal(120);
    });

    it('polar day and night: the times that do not exist are null, never wrong', async () => {
      const summer = (await get(`/prayer-times?${TROMSO}&date=2026-06-21`)).body.data;
      expect(summer.location.timezone).to.equal('Europe/Oslo');
      expect(summer.timings).to.include({ fajr: null, sunrise: null, maghrib: null, isha: null });
      expect(summer.timestamps).to.include({ fajr: null, sunrise: null, maghrib: null, isha: null });
      expect(summer.timings.dhuhr).to.match(/^1[23]:/);
      const winter = (await get(`/prayer-times?${TROMSO}&date=2026-12-21`)).body.data;
      expect(winter.timings).to.include({ sunrise: null, asr: null, maghrib: null });
      expect(winter.timestamps).to.include({ sunrise: null, asr: null, maghrib: null });
      expect(winter.timings.dhuhr).to.match(/^1[12]:/);
    });

    it('polar day with polarCircleResolution=aqrab-balad: every time given, in order', async () => {
      const data = (await get(`/prayer-times?${TROMSO}&date=2026-06-21&polarCircleResolution=aqrab-balad`)).body.data;
      const stamps = PRAYER_NAMES.map((name) => data.timestamps[name] as string | null);
      expect(stamps).to.not.include(null);
      const instants = stamps.map((stamp) => Date.parse(stamp!));
      expect(instants).to.deep.equal([...instants].sort((a, b) => a - b));
    });

    it('ignores unknown query parameters', async () => {
      expect(
        (await get(`/prayer-times?${MAKKAH}&date=2026-11-22&unknown=1&now=2020-01-01`)).body.data.date.gregorian,
      ).to.equal('2026-11-22');
    });
  });

  describe('GET /prayer-times/calendar: answers', () => {
    for (const [year, month, days] of [
      [2026, 1, 31],
      [2026, 2, 28],
      [2024, 2, 29],
      [2026, 4, 30],
    ] as const) {
      it(`${year}-${month}: ${days} days, in order`, async () => {
        const response = await get(`/prayer-times/calendar?${MAKKAH}&year=${year}&month=${month}`);
        expect(response.status).to.equal(200);
        const dates = (response.body.data as { date: { gregorian: string } }[]).map((day) => day.date.gregorian);
        expect(dates).to.deep.equal(
          Array.from(
            { length: days },
            (_, i) => `${year}-${String(month).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
          ),
        );
      });
    }

    it('each day equals GET /prayer-times of that date with the same parameters', async () => {
      const parameters = 'lat=51.5074&lng=-0.1278&method=moonsighting-committee&madhab=hanafi&adjustments=fajr:1';
      const calendar = (await get(`/prayer-times/calendar?${parameters}&year=2026&month=3`)).body.data;
      for (const day of [1, 15, 28, 29, 31]) {
        const single = (await get(`/prayer-times?${parameters}&date=2026-03-${String(day).padStart(2, '0')}`)).body
          .data;
        expect(calendar[day - 1]).to.deep.equal(single);
      }
      // London changes to summer time on 29 March 2026.
      expect(calendar[27].timestamps.dhuhr).to.match(/\+00:00$/);
      expect(calendar[28].timestamps.dhuhr).to.match(/\+01:00$/);
    });

    it('polar night across a month: nulls where the sun does not rise', async () => {
      const days = (await get(`/prayer-times/calendar?${TROMSO}&year=2026&month=12`)).body.data as {
        timings: Record<string, string | null>;
      }[];
      expect(days).to.have.length(31);
      expect(days.filter((day) => day.timings.sunrise === null).length).to.be.greaterThan(20);
    });
  });

  describe('GET /prayer-times/methods', () => {
    it('lists every method with its parameters, custom last', async () => {
      const response = await get('/prayer-times/methods');
      expect(response.status).to.equal(200);
      const methods = response.body.data as Array<Record<string, unknown> & { id: string; aladhanId: number }>;
      expect(methods.map((m) => m.id)).to.include.members([
        'muslim-world-league',
        'egyptian',
        'karachi',
        'umm-al-qura',
        'dubai',
        'moonsighting-committee',
        'north-america',
        'kuwait',
        'qatar',
        'singapore',
        'tehran',
        'turkey',
        'jafari',
        'gulf',
        'france',
        'russia',
        'jakim',
        'tunisia',
        'algeria',
        'kemenag',
        'morocco',
        'portugal',
        'jordan',
        'custom',
      ]);
      expect(methods).to.have.length(24);
      expect(methods.at(-1)!.id).to.equal('custom');
      expect(new Set(methods.map((m) => m.aladhanId)).size).to.equal(methods.length);
      for (const method of methods) {
        expect(method).to.have.all.keys(
          'id',
          'name',
          'aladhanId',
          'fajrAngle',
          'ishaAngle',
          'ishaInterval',
          'maghribAngle',
          'offsets',
          'rounding',
          'notes',
        );
        expect(method.offsets).to.have.all.keys(...PRAYER_NAMES);
      }
      expect(methods.find((m) => m.id === 'umm-al-qura')).to.include({
        aladhanId: 4,
        fajrAngle: 18.5,
        ishaAngle: 0,
        ishaInterval: 90,
      });
    });

    it('every listed method, by slug and by Aladhan id, is accepted by /prayer-times and applied', async () => {
      const methods = (await get('/prayer-times/methods')).body.data as Array<{
        id: string;
        aladhanId: number;
        fajrAngle: number;
      }>;
      for (const method of methods) {
        for (const alias of [method.id, String(method.aladhanId)]) {
          const response = await get(`/prayer-times?${MAKKAH}&date=2026-11-22&method=${alias}`);
          expect(response.status, `${alias}: ${response.text}`).to.equal(200);
          expect(response.body.data.method).to.include({ id: method.id, fajrAngle: method.fajrAngle });
        }
      }
    });
  });

  describe('GET /hijri: answers', () => {
    // The contract's example, with the Hijri adjustment this API echoes (issue 18).
    const EXAMPLE = {
      calendar: 'umm-al-qura',
      hijriAdjustment: 0,
      gregorian: {
        date: '2024-03-11',
        year: 2024,
        month: 3,
        day: 11,
        weekday: { en: 'Monday', ar: 'الاثنين', az: 'bazar ertəsi', ru: 'понедельник', tr: 'Pazartesi' },
      },
      hijri: {
        date: '1445-09-01',
        year: 1445,
        month: 9,
        day: 1,
        monthName: { en: 'Ramadan', ar: 'رمضان', az: 'Ramazan', ru: 'рамадан', tr: 'Ramazan' },
        monthLength: 30,
        // CONTRACT §19: every Hijri date carries the Islamic days falling on it.
        events: [ramadanBegins],
      },
    };

    it("answers CONTRACT §8's example exactly, in both directions", async () => {
      expect((await get('/hijri?date=2024-03-11')).body).to.deep.equal({ data: EXAMPLE });
      expect((await get('/hijri?hijri=1445-09-01')).body).to.deep.equal({ data: EXAMPLE });
    });

    it('neither date: today in UTC, or in the given timezone', async () => {
      // The clock says 2026-03-01T22:30Z: 2 March in Riyadh.
      const utc = (await get('/hijri')).body.data;
      expect(utc.gregorian.date).to.equal('2026-03-01');
      expect(utc.gregorian.weekday.en).to.equal('Sunday');
      const riyadh = (await get('/hijri?timezone=Asia/Riyadh')).body.data;
      expect(riyadh.gregorian.date).to.equal('2026-03-02');
      expect(riyadh.hijri).to.include({ year: 1447, month: 9, day: 13 });
    });

    it('converts both ends of the supported range', async () => {
      expect((await get('/hijri?date=1924-08-01')).body.data.hijri.date).to.equal('1343-01-01');
      expect((await get('/hijri?hijri=1500-12-30')).body.data.gregorian.date).to.equal('2077-11-16');
    });
  });

  describe('keys and scopes', () => {
    const paths = [
      `/prayer-times?${MAKKAH}`,
      `/prayer-times/calendar?${MAKKAH}&year=2026&month=3`,
      '/prayer-times/methods',
      '/hijri',
    ];

    for (const path of paths) {
      it(`${path.split('?')[0]}: 401 MISSING_API_KEY without a key`, async () => {
        const response = await request(t.app).get(API + path);
        expect(response.status).to.equal(401);
        expect(response.body.error.code).to.equal('MISSING_API_KEY');
      });
    }

    it("403 INSUFFICIENT_SCOPE for a key without the route's scope, before validation", async () => {
      const { key: qiblaOnly } = await t.issueKey({ scopes: ['qibla'] });
      const { key: prayerOnly } = await t.issueKey({ scopes: ['prayer-times'] });
      const { key: hijriOnly } = await t.issueKey({ scopes: ['hijri'] });
      for (const path of paths)
        expect((await get(path, qiblaOnly)).body.error.code, path).to.equal('INSUFFICIENT_SCOPE');
      expect((await get('/prayer-times?lat=91', qiblaOnly)).body.error.code).to.equal('INSUFFICIENT_SCOPE');
      expect((await get('/hijri', prayerOnly)).body.error.code).to.equal('INSUFFICIENT_SCOPE');
      expect((await get(`/prayer-times?${MAKKAH}`, hijriOnly)).body.error.code).to.equal('INSUFFICIENT_SCOPE');
      expect((await get(`/prayer-times?${MAKKAH}`, prayerOnly)).status).to.equal(200);
      expect((await get('/hijri', hijriOnly)).status).to.equal(200);
    });

    it('a key with scope * reaches all of them', async () => {
      const { key: all } = await t.issueKey({ scopes: ['*'] });
      for (const path of paths) expect((await get(path, all)).status, path).to.equal(200);
    });
  });

  describe('OpenAPI', () => {
    it("documents CONTRACT §6's and §8's query parameters with the schemas that validate them", async () => {
      const { body } = await request(t.app).get('/openapi.json');
      const names = (path: string) =>
        (body.paths[`${API}${path}`].get.parameters as { name: string }[]).map((p) => p.name);
      const options = [
        'lat',
        'lng',
        'city',
        'country',
        'timezone',
        'method',
        'madhab',
        'highLatitudeRule',
        'polarCircleResolution',
        'shafaq',
        'fajrAngle',
        'ishaAngle',
        'ishaInterval',
        'adjustments',
        'imsakMinutes',
        'midnightMode',
        'hijriAdjustment',
      ];
      expect(names('/prayer-times')).to.have.members([...options, 'date', 'lang']);
      expect(names('/prayer-times/calendar')).to.have.members([
        ...options,
        'year',
        'month',
        'hijriYear',
        'hijriMonth',
        'lang',
      ]);
      expect(names('/prayer-times/methods')).to.deep.equal([]);
      expect(names('/hijri')).to.have.members(['date', 'hijri', 'timezone', 'hijriAdjustment']);
      const operation = body.paths[`${API}/prayer-times`].get;
      expect(operation['x-scope']).to.equal('prayer-times');
      const method = operation.parameters.find((p: { name: string }) => p.name === 'method');
      expect(method.schema.enum).to.include.members(['muslim-world-league', 'custom', '4']);
      expect(body.paths[`${API}/hijri`].get['x-scope']).to.equal('hijri');
    });
  });
});
