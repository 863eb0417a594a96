import {
  ManualClock,
  NAME_LANGUAGES,
  PRAYER_TIME_NAMES,
  type City,
  type NameLanguage,
  type PrayerName,
  type PrayerTimesDay,
} from '@islamic-data/core';
import { geoNamesCityDirectory, geoNamesDumpPath } from '@islamic-data/sources';
import { expect } from 'chai';
import ICAL from 'ical.js';
import request from 'supertest';
import { createApp } from '../src/index.js';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

const API = '/api/v1';

/** Cities of Muslim-majority countries (and Kano, Mogadishu…), by GeoNames name or an alternate name. */
const CITIES: [string, string][] = [
  ['Baku', 'AZ'],
  ['Ganja', 'AZ'],
  ['Sumqayit', 'AZ'],
  ['Istanbul', 'TR'],
  ['Ankara', 'TR'],
  ['Izmir', 'TR'],
  ['Konya', 'TR'],
  ['Riyadh', 'SA'],
  ['Jeddah', 'SA'],
  ['Mecca', 'SA'],
  ['Medina', 'SA'],
  ['Dammam', 'SA'],
  ['Cairo', 'EG'],
  ['Alexandria', 'EG'],
  ['Giza', 'EG'],
  ['Karachi', 'PK'],
  ['Lahore', 'PK'],
  ['Islamabad', 'PK'],
  ['Peshawar', 'PK'],
  ['Dhaka', 'BD'],
  ['Chittagong', 'BD'],
  ['Jakarta', 'ID'],
  ['Surabaya', 'ID'],
  ['Bandung', 'ID'],
  ['Medan', 'ID'],
  ['Kuala Lumpur', 'MY'],
  ['Tehran', 'IR'],
  ['Mashhad', 'IR'],
  ['Isfahan', 'IR'],
  ['Tabriz', 'IR'],
  ['Baghdad', 'IQ'],
  ['Basrah', 'IQ'],
  ['Casablanca', 'MA'],
  ['Rabat', 'MA'],
  ['Algiers', 'DZ'],
  ['Oran', 'DZ'],
  ['Tunis', 'TN'],
  ['Tripoli', 'LY'],
  ['Khartoum', 'SD'],
  ['Amman', 'JO'],
  ['Damascus', 'SY'],
  ['Beirut', 'LB'],
  ['Dubai', 'AE'],
  ['Abu Dhabi', 'AE'],
  ['Doha', 'QA'],
  ['Kuwait City', 'KW'],
  ['Muscat', 'OM'],
  ['Manama', 'BH'],
  ['Tashkent', 'UZ'],
  ['Almaty', 'KZ'],
  ['Bishkek', 'KG'],
  ['Dushanbe', 'TJ'],
  ['Kabul', 'AF'],
  ['Dakar', 'SN'],
  ['Kano', 'NG'],
  ['Mogadishu', 'SO'],
];

const SIX: PrayerName[] = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'];

describe('http: places by name, the next prayer, Hijri months, Islamic days and feeds (issue 27, CONTRACT §19)', () => {
  const clock = new ManualClock('2026-03-01T10:00:00.000Z');
  let t: TestApp;
  let key: string;
  before(async function () {
    this.timeout(60_000);
    t = await startTestApp({ clock, rateLimitPerMinute: 1_000_000 });
    ({ key } = await t.issueKey({ scopes: ['prayer-times', 'hijri', 'qibla'] }));
  });
  after(async () => t.close());

  const get = async (path: string, status = 200) => {
    const response = await request(t.app).get(`${API}${path}`).set('X-API-Key', key);
    expect(response.status, `${path}: ${response.text}`).to.equal(status);
    return response;
  };
  const data = async (path: string) => (await get(path)).body.data;

  describe('places by name: city (+ country) and /cities', () => {
    it(`gives by city the times of the city's coordinates, for ${CITIES.length} cities`, async function () {
      this.timeout(60_000);
      expect(CITIES.length).to.be.at.least(50);
      for (const [name, country] of CITIES) {
        const q = `date=2026-03-20&method=auto`;
        const byName: PrayerTimesDay & { location: { city: City } } = await data(
          `/prayer-times?city=${encodeURIComponent(name)}&country=${country}&${q}`,
        );
        const { city } = byName.location;
        expect(city.country, name).to.equal(country);
        const [listed] = await data(`/cities?q=${encodeURIComponent(name)}&country=${country}&limit=1`);
        expect(listed, name).to.deep.equal(city);
        const byPoint: PrayerTimesDay = await data(`/prayer-times?lat=${city.lat}&lng=${city.lng}&${q}`);
        expect(byName.timestamps, name).to.deep.equal(byPoint.timestamps);
        expect(byName.method, name).to.deep.equal(byPoint.method);
        expect(byName.location, name).to.deep.equal({ ...byPoint.location, city });
      }
    });

    it('finds Baku as Baku, baku, BAKU, Bakı and Баку (accents, case, other scripts)', async () => {
      const found = await Promise.all(
        ['Baku', 'baku', 'BAKU', 'Bakı', 'Баку'].map((name) =>
          data(`/prayer-times?city=${encodeURIComponent(name)}&date=2026-03-20`),
        ),
      );
      for (const day of found) expect(day.location.city).to.include({ name: 'Baku', country: 'AZ', geonameId: 587084 });
      expect(found[0].location.city.credit).to.contain('GeoNames').and.contain('CC BY 4.0');
      expect(found[0].location.timezone).to.equal('Asia/Baku');
    });

    it('takes city on /prayer-times/calendar, calendar.ics, /next and /qibla too', async () => {
      const calendar = await data('/prayer-times/calendar?city=Baku&year=2026&month=3');
      expect(calendar).to.have.length(31);
      expect(calendar[0].location.city.name).to.equal('Baku');
      const next = await data('/prayer-times/next?city=Baku&at=2026-03-20T12:00:00Z');
      expect(next.location.city.name).to.equal('Baku');
      const qibla = await data('/qibla?city=Baku');
      const byPoint = await data(`/qibla?lat=${qibla.city.lat}&lng=${qibla.city.lng}`);
      expect(qibla).to.deep.equal({ ...byPoint, city: qibla.city });
      const feed = await get('/prayer-times/calendar.ics?city=Baku&year=2026&month=3');
      expect(feed.text).to.contain('TZID:Asia/Baku');
    });

    it('refuses an unknown city, a city with coordinates, a country alone, a bad country: 400 naming it', async () => {
      const refusals: [string, string][] = [
        ['/prayer-times?city=Qqqxyzzyville', 'city'],
        ['/prayer-times?city=Baku&country=TR', 'city'],
        ['/prayer-times?city=Baku&lat=40&lng=49', 'city'],
        ['/prayer-times?country=AZ&lat=40&lng=49', 'country'],
        ['/prayer-times?city=Baku&country=AZE', 'country'],
        ['/prayer-times?lng=49', 'lat'],
        ['/prayer-times?lat=40', 'lng'],
        ['/qibla?city=Qqqxyzzyville', 'city'],
        ['/cities?q=', 'q'],
        ['/cities?q=Ist&limit=51', 'limit'],
      ];
      for (const [path, parameter] of refusals) {
        const response = await request(t.app).get(`${API}${path}`).set('X-API-Key', key);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message, path).to.contain(`'${parameter}'`);
      }
    });

    it('loads the directory off the event loop: /qibla answers while it loads, a city request waits', async () => {
      // The same file by another path: a directory of its own, not the one the suite has loaded already.
      const dump = geoNamesDumpPath().replace(/cities500\.txt$/, './cities500.txt');
      expect(dump).to.not.equal(geoNamesDumpPath());
      const cities = geoNamesCityDirectory(dump);
      const app = createApp({ ...t.deps, cities });
      let loaded = false;
      const loading = cities.ready().then(() => (loaded = true));
      const byCity = request(app).get(`${API}/qibla?city=Baku&country=AZ`).set('X-API-Key', key).then();
      const byPoint = await request(app).get(`${API}/qibla?lat=40.37767&lng=49.89201`).set('X-API-Key', key);
      expect(byPoint.status, byPoint.text).to.equal(200);
      expect(loaded, 'the directory was loaded before /qibla answered').to.equal(false);
      const answer = await byCity;
      expect(answer.status, answer.text).to.equal(200);
      expect(loaded).to.equal(true);
      expect(answer.body.data.city).to.include({ name: 'Baku', country: 'AZ' });
      expect(answer.body.data.bearing).to.be.closeTo(byPoint.body.data.bearing, 0.01);
      await loading;
    });

    it('/cities?q=Ist lists Istanbul first, most populous first, within country and limit', async () => {
      const cities = await data('/cities?q=Ist');
      expect(cities[0]).to.include({ name: 'Istanbul', country: 'TR' });
      expect(cities.length).to.be.within(2, 10);
      const populations = cities.map((city: { population: number }) => city.population);
      expect(populations).to.deep.equal([...populations].sort((a, b) => b - a));
      const inAzerbaijan = await data('/cities?q=bak&country=az&limit=3');
      expect(inAzerbaijan[0].name).to.equal('Baku');
      expect(inAzerbaijan.every((city: { country: string }) => city.country === 'AZ')).to.equal(true);
      expect(await data('/cities?q=Qqqxyzzy')).to.deep.equal([]);
      expect(await data('/cities?q=istanbul&limit=50')).to.have.length.within(1, 50);
    });
  });

  describe('/prayer-times/next at fixed instants, in three zones (one changing its clocks that day)', () => {
    const places: [string, string, string][] = [
      ['Makkah (Asia/Riyadh)', 'lat=21.4225&lng=39.8262&method=umm-al-qura', '2026-03-08'],
      ['Baku (Asia/Baku)', 'city=Baku', '2026-03-08'],
      // New York sets its clocks forward at 02:00 on 2026-03-08, between the night's isha and fajr.
      ['New York (America/New_York, DST begins)', 'lat=40.7128&lng=-74.006&method=north-america', '2026-03-08'],
    ];
    for (const [label, place, date] of places) {
      it(`names the right time and the seconds to it before and after each, and after isha: ${label}`, async () => {
        const day: PrayerTimesDay = await data(`/prayer-times?${place}&date=${date}`);
        const before: PrayerTimesDay = await data(`/prayer-times?${place}&date=${shift(date, -1)}`);
        const after: PrayerTimesDay = await data(`/prayer-times?${place}&date=${shift(date, 1)}`);
        // The clocks went forward at 02:00 that night: isha before it is at -05:00, fajr after it at -04:00.
        if (label.includes('DST'))
          expect(before.timestamps.isha!.slice(-6)).to.not.equal(day.timestamps.fajr!.slice(-6));
        // The times without their names (checked apart).
        const plain = (moment: { names?: unknown } | null) => {
          if (moment === null) return null;
          const { names: _names, ...rest } = moment;
          return rest;
        };
        const next = async (at: number) => {
          const answer = await data(`/prayer-times/next?${place}&at=${new Date(at).toISOString()}`);
          return { ...answer, current: plain(answer.current), next: plain(answer.next) };
        };
        for (const [index, name] of SIX.entries()) {
          const time = day.timestamps[name]!;
          const instant = Date.parse(time);
          const justBefore = await next(instant - 1000);
          expect(justBefore.next, `${name} -1s`).to.deep.equal({ name, time, inSeconds: 1 });
          expect(justBefore.current, `${name} -1s`).to.deep.equal(
            index === 0
              ? { name: 'isha', time: before.timestamps.isha }
              : { name: SIX[index - 1], time: day.timestamps[SIX[index - 1]!] },
          );
          const justAfter = await next(instant + 1000);
          expect(justAfter.current, `${name} +1s`).to.deep.equal({ name, time });
          const following =
            index === 5
              ? { name: 'fajr', time: after.timestamps.fajr! }
              : { name: SIX[index + 1]!, time: day.timestamps[SIX[index + 1]!]! };
          expect(justAfter.next, `${name} +1s`).to.deep.equal({
            ...following,
            inSeconds: (Date.parse(following.time) - instant - 1000) / 1000,
          });
        }
        expect(day.location.timezone).to.equal((await next(Date.parse(day.timestamps.dhuhr!))).location.timezone);
      });
    }

    it('names the times in five languages and computes every answer afresh (inSeconds is never old)', async () => {
      const at = '2026-03-08T09:00:00Z';
      const answer = await data(`/prayer-times/next?lat=21.4225&lng=39.8262&at=${at}`);
      expect(answer.next.names).to.deep.equal(PRAYER_TIME_NAMES[answer.next.name as PrayerName]);
      expect(answer.current.names).to.deep.equal(PRAYER_TIME_NAMES[answer.current.name as PrayerName]);
      clock.set(new Date('2026-03-08T09:00:05Z'));
      const first = await data('/prayer-times/next?lat=21.4225&lng=39.8262');
      clock.set(new Date('2026-03-08T09:00:35Z'));
      const second = await data('/prayer-times/next?lat=21.4225&lng=39.8262');
      expect(first.next.inSeconds - second.next.inSeconds).to.equal(30);
    });

    it('adds the six names in lang to /prayer-times and its calendar; refuses another lang naming it', async () => {
      for (const lang of NAME_LANGUAGES) {
        const day = await data(`/prayer-times?city=Baku&date=2026-03-20&lang=${lang}`);
        expect(day.names).to.deep.equal(Object.fromEntries(SIX.map((name) => [name, PRAYER_TIME_NAMES[name][lang]])));
        const [first] = await data(`/prayer-times/calendar?city=Baku&year=2026&month=3&lang=${lang}`);
        expect(first.names).to.deep.equal(day.names);
      }
      expect(await data('/prayer-times?city=Baku&date=2026-03-20')).to.not.have.property('names');
      const refused = await request(t.app).get(`${API}/prayer-times?city=Baku&lang=fr`).set('X-API-Key', key);
      expectErrorEnvelope(refused, 400, 'VALIDATION_ERROR');
      expect(refused.body.error.message).to.contain("'lang'");
    });

    it('defaults at to now, and refuses an instant without an offset: 400 naming at', async () => {
      clock.set(new Date('2026-03-08T09:00:00Z'));
      const now = await data('/prayer-times/next?lat=21.4225&lng=39.8262');
      expect(now.at).to.equal('2026-03-08T09:00:00.000Z');
      const response = await request(t.app)
        .get(`${API}/prayer-times/next?lat=21.4&lng=39.8&at=2026-03-08T09:00:00`)
        .set('X-API-Key', key);
      expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).to.contain("'at'");
    });
  });

  describe('Hijri months and Islamic days', () => {
    it('gives a Ramadan 1447 timetable for Makkah of 29 or 30 days matching /hijri day by day', async function () {
      this.timeout(30_000);
      const days: PrayerTimesDay[] = await data(
        '/prayer-times/calendar?city=Mecca&country=SA&method=umm-al-qura&hijriYear=1447&hijriMonth=9',
      );
      expect(days.length).to.be.oneOf([29, 30]);
      const first = await data('/hijri?hijri=1447-09-01');
      expect(days[0]!.date.gregorian).to.equal(first.gregorian.date);
      for (const [index, day] of days.entries()) {
        const hijri = await data(`/hijri?date=${day.date.gregorian}`);
        expect(hijri.hijri.date).to.equal(`1447-09-${String(index + 1).padStart(2, '0')}`);
        expect(day.date.hijri).to.deep.include({ year: 1447, month: 9, day: index + 1 });
        expect(day.date.hijri!.events).to.deep.equal(hijri.hijri.events);
        // Umm al-Qura's Isha is 120 minutes after Maghrib in Ramadan.
        expect(day.method.ishaInterval).to.equal(120);
      }
      expect(days[0]!.date.hijri!.events.map((event) => event.id)).to.deep.equal(['ramadan-begins']);
      const refused = await request(t.app)
        .get(`${API}/prayer-times/calendar?city=Mecca&hijriYear=1447&hijriMonth=9&year=2026&month=3`)
        .set('X-API-Key', key);
      expectErrorEnvelope(refused, 400, 'VALIDATION_ERROR');
    });

    it('/hijri/calendar both ways, for the 12 months of 1447 and of 2026, agrees with /hijri', async function () {
      this.timeout(60_000);
      for (let month = 1; month <= 12; month++) {
        const hijriMonth = await data(`/hijri/calendar?year=1447&month=${month}`);
        expect(hijriMonth.length).to.be.oneOf([29, 30]);
        for (const [index, day] of hijriMonth.entries()) {
          expect(day.hijri).to.include({ year: 1447, month, day: index + 1 });
          expect(day).to.deep.equal(await data(`/hijri?date=${day.gregorian.date}`));
        }
        const gregorianMonth = await data(`/hijri/calendar?gregorianYear=2026&gregorianMonth=${month}`);
        expect(gregorianMonth.length).to.equal(new Date(Date.UTC(2026, month, 0)).getUTCDate());
        for (const [index, day] of gregorianMonth.entries()) {
          expect(day.gregorian).to.include({ year: 2026, month, day: index + 1 });
          expect(day).to.deep.equal(await data(`/hijri?date=${day.gregorian.date}`));
        }
      }
      const shifted = await data('/hijri/calendar?year=1447&month=9&hijriAdjustment=1');
      expect(shifted[0]).to.deep.equal(await data(`/hijri?date=${shifted[0].gregorian.date}&hijriAdjustment=1`));
      for (const bad of ['year=1447', 'year=1447&month=9&gregorianYear=2026&gregorianMonth=3', 'year=1501&month=1', ''])
        expectErrorEnvelope(
          await request(t.app).get(`${API}/hijri/calendar?${bad}`).set('X-API-Key', key),
          400,
          'VALIDATION_ERROR',
        );
    });

    for (const year of [1447, 1448]) {
      it(`puts the Islamic days of ${year} on the dates /hijri gives for them, each on its date's events`, async () => {
        const events = await data(`/hijri/events?year=${year}`);
        expect(events).to.have.length(35);
        for (const event of events) {
          const converted = await data(`/hijri?hijri=${event.hijri.date}`);
          expect(event.gregorian).to.deep.equal(converted.gregorian);
          expect(event.hijri).to.deep.equal(converted.hijri);
          expect(converted.hijri.events.map((day: { id: string }) => day.id)).to.include(event.id);
          expect(Object.keys(event.name)).to.have.members([...NAME_LANGUAGES]);
          const particular = /^(urs|birth)-/.test(event.id);
          expect(event.observance, event.id).to.equal(particular ? 'some-communities' : 'general');
        }
        expect(events[0]).to.include({ id: 'islamic-new-year' });
        expect(events[0].hijri.date).to.equal(`${year}-01-01`);
        expect(events.find((event: { id: string }) => event.id === 'eid-al-fitr').hijri.date).to.equal(`${year}-10-01`);
      });
    }

    it('gives the days falling in a Gregorian year, from both Hijri years', async () => {
      const events = await data('/hijri/events?gregorianYear=2026');
      expect(events.every((event: { gregorian: { year: number } }) => event.gregorian.year === 2026)).to.equal(true);
      expect(new Set(events.map((event: { hijri: { year: number } }) => event.hijri.year))).to.deep.equal(
        new Set([1447, 1448]),
      );
      const dates = events.map((event: { gregorian: { date: string } }) => event.gregorian.date);
      expect(dates).to.deep.equal([...dates].sort());
      expectErrorEnvelope(
        await request(t.app).get(`${API}/hijri/events`).set('X-API-Key', key),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  describe('calendar.ics: alarm, lang and events', () => {
    const ICS = '/prayer-times/calendar.ics?city=Mecca&country=SA&method=umm-al-qura&year=2026&month=3';

    for (const lang of NAME_LANGUAGES) {
      it(`validates with ical.js, with a VALARM per prayer and names in ${lang}`, async () => {
        const feed = await get(`${ICS}&alarm=15&lang=${lang}&events=true`);
        const calendar = new ICAL.Component(ICAL.parse(feed.text));
        for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
        const events = calendar.getAllSubcomponents('vevent');
        const isDate = (event: ICAL.Component) => (event.getFirstPropertyValue('dtstart') as ICAL.Time).isDate;
        const prayers = events.filter((event) => !isDate(event));
        const allDay = events.filter(isDate);
        expect(prayers.length).to.equal(31 * 5);
        const names = new Set(Object.values(PRAYER_TIME_NAMES).map((names) => names[lang as NameLanguage]));
        for (const event of prayers) {
          expect(names).to.include(event.getFirstPropertyValue('summary'));
          const [alarm] = event.getAllSubcomponents('valarm');
          expect(alarm!.getFirstPropertyValue('action')).to.equal('DISPLAY');
          expect((alarm!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).to.equal(-15 * 60);
        }
        // The Islamic days of March 2026 as all-day events, on the dates and with the names /hijri/events gives.
        const expected = (await data('/hijri/events?gregorianYear=2026')).filter(
          (event: { gregorian: { month: number } }) => event.gregorian.month === 3,
        );
        expect(expected.length).to.be.greaterThan(0);
        expect(
          allDay.map((event) => [
            (event.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
            event.getFirstPropertyValue('summary'),
          ]),
        ).to.deep.equal(
          expected.map((event: { gregorian: { date: string }; name: Record<string, string> }) => [
            event.gregorian.date,
            event.name[lang],
          ]),
        );
      });
    }

    it('has no VALARM and no all-day events unless asked; alarm 0 is at the time itself', async () => {
      const plain = await get(ICS);
      expect(plain.text).to.not.contain('BEGIN:VALARM');
      expect(plain.text).to.not.contain('VALUE=DATE:');
      expect(plain.text).to.contain('SUMMARY:Fajr');
      expect((await get(`${ICS}&alarm=0`)).text).to.contain('TRIGGER:-PT0M');
    });

    it('refuses alarm outside 0..120 and an unknown lang: 400 naming it', async () => {
      for (const [query, parameter] of [
        ['alarm=121', 'alarm'],
        ['alarm=-1', 'alarm'],
        ['alarm=1.5', 'alarm'],
        ['lang=fr', 'lang'],
        ['events=maybe', 'events'],
      ]) {
        const response = await request(t.app).get(`${API}${ICS}&${query}`).set('X-API-Key', key);
        expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(`'${parameter}'`);
      }
    });
  });
});

function shift(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
