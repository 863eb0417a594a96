import { ManualClock, ISLAMIC_DAYS } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

const API = '/api/v1';
const MAKKAH = 'lat=21.4225&lng=39.8262';
const MINUTE = 60_000;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const ramadanBegins = { id: 'ramadan-begins', name: ISLAMIC_DAYS.find(({ id }) => id === 'ramadan-begins')!.name };

describe('http: sunnah times, method=auto and hijriAdjustment (issue 18)', () => {
  let t: TestApp;
  let key: string;
  /** The unadjusted conversion (tested on its own) is the reference the adjustment is measured from. */
  let RAMADAN_1447_STARTS: string;
  before(async () => {
    t = await startTestApp({ clock: new ManualClock('2026-05-20T10:00:00.000Z'), rateLimitPerMinute: 100_000 });
    ({ key } = await t.issueKey({ scopes: ['prayer-times', 'hijri'] }));
    RAMADAN_1447_STARTS = (await get('/hijri?hijri=1447-09-01')).body.data.gregorian.date;
  });
  after(async () => t.close());

  const get = (path: string) =>
    request(t.app)
      .get(API + path)
      .set('X-API-Key', key);

  it('/prayer-times answers imsak, midnight and the thirds, from the day’s own times and the next Fajr', async () => {
    const { body } = await get(`/prayer-times?${MAKKAH}&date=2026-06-10&imsakMinutes=15`);
    const next = (await get(`/prayer-times?${MAKKAH}&date=2026-06-11`)).body.data;
    const at = (day: any, name: string) => Date.parse(day.timestamps[name]);
    const { data } = body;
    expect(at(data, 'imsak')).to.equal(at(data, 'fajr') - 15 * MINUTE);
    const night = at(next, 'fajr') - at(data, 'maghrib');
    const round = (ms: number) => Math.round(ms / MINUTE) * MINUTE;
    expect(at(data, 'midnight')).to.equal(round(at(data, 'maghrib') + night / 2));
    expect(at(data, 'firstThird')).to.equal(round(at(data, 'maghrib') + night / 3));
    expect(at(data, 'lastThird')).to.equal(round(at(data, 'maghrib') + (2 * night) / 3));
    expect(data.timings.midnight).to.equal(data.timestamps.midnight.slice(11, 16));
  });

  it('midnightMode=jafari moves midnight earlier (the night starts at sunset, before Maghrib)', async () => {
    const standard = (await get(`/prayer-times?lat=35.6892&lng=51.389&method=tehran&date=2026-06-10`)).body.data;
    const jafari = (await get(`/prayer-times?lat=35.6892&lng=51.389&method=tehran&date=2026-06-10&midnightMode=jafari`))
      .body.data;
    expect(Date.parse(jafari.timestamps.midnight)).to.be.below(Date.parse(standard.timestamps.midnight));
  });

  it('method=auto names the method chosen and why', async () => {
    const istanbul = (await get('/prayer-times?lat=41.0082&lng=28.9784&method=auto&date=2026-06-10')).body.data;
    expect(istanbul.method).to.include({ id: 'turkey', chosenBy: 'country', country: 'TR' });
    const sea = (await get('/prayer-times/calendar?lat=0&lng=-30&method=auto&year=2026&month=6')).body.data;
    expect(sea[0].method).to.include({ id: 'muslim-world-league', chosenBy: 'default', country: null });
  });

  it('hijriAdjustment=1 shifts /hijri by one day, both ways, and echoes it', async () => {
    const dayBefore = plusDays(RAMADAN_1447_STARTS, -1);
    const plain = (await get(`/hijri?date=${dayBefore}`)).body.data;
    const adjusted = (await get(`/hijri?date=${dayBefore}&hijriAdjustment=1`)).body.data;
    expect(plain.hijri.date).to.not.equal('1447-09-01');
    expect(adjusted.hijri.date).to.equal('1447-09-01');
    expect(adjusted.hijriAdjustment).to.equal(1);
    expect((await get('/hijri?hijri=1447-09-01&hijriAdjustment=1')).body.data.gregorian.date).to.equal(dayBefore);
  });

  it('hijriAdjustment=1 shifts the prayer times’ Hijri date and moves the Ramadan Isha switch with it', async () => {
    const dayBefore = plusDays(RAMADAN_1447_STARTS, -1);
    const plain = (await get(`/prayer-times?${MAKKAH}&method=umm-al-qura&date=${dayBefore}`)).body.data;
    const adjusted = (await get(`/prayer-times?${MAKKAH}&method=umm-al-qura&date=${dayBefore}&hijriAdjustment=1`)).body
      .data;
    expect(adjusted.date.hijri).to.deep.equal({ year: 1447, month: 9, day: 1, events: [ramadanBegins] });
    expect(adjusted.date.hijriAdjustment).to.equal(1);
    expect(plain.method.ishaInterval).to.equal(90);
    expect(adjusted.method.ishaInterval).to.equal(120);
    const gap = (day: any) => (Date.parse(day.timestamps.isha) - Date.parse(day.timestamps.maghrib)) / MINUTE;
    expect(gap(adjusted) - gap(plain)).to.equal(30);
  });

  for (const [path, parameter] of [
    [`/prayer-times?${MAKKAH}&imsakMinutes=61`, 'imsakMinutes'],
    [`/prayer-times?${MAKKAH}&imsakMinutes=-1`, 'imsakMinutes'],
    [`/prayer-times?${MAKKAH}&midnightMode=sunrise`, 'midnightMode'],
    [`/prayer-times?${MAKKAH}&hijriAdjustment=3`, 'hijriAdjustment'],
    [`/prayer-times/calendar?${MAKKAH}&year=2026&month=6&hijriAdjustment=-3`, 'hijriAdjustment'],
    ['/hijri?date=2026-03-01&hijriAdjustment=1.5', 'hijriAdjustment'],
    ['/hijri?hijriAdjustment=x', 'hijriAdjustment'],
    [`/prayer-times?${MAKKAH}&method=auto&fajrAngle=18`, 'fajrAngle'],
    [`/prayer-times?${MAKKAH}&method=automatic`, 'method'],
  ] as const) {
    it(`${path}: 400 naming '${parameter}'`, async () => {
      const response = await get(path);
      expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).to.contain(`'${parameter}'`);
    });
  }
});
