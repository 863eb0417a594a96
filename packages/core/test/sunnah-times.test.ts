import {
  CalculationMethod,
  CalculationParameters,
  Coordinates,
  HighLatitudeRule,
  PrayerTimes,
  SunnahTimes,
} from 'adhan';
import { expect } from 'chai';
import { AppError, prayerCalendar, prayerTimes, TIMING_NAMES, type PrayerTimesDay } from '../src/index.js';

/**
 * The expected sunnah times are computed here from adhan's own PrayerTimes and SunnahTimes classes and
 * plain arithmetic, not from the core's code: the core must agree with them to the minute.
 */
const MINUTE = 60_000;
const nearestMinute = (ms: number) => Math.round(ms / MINUTE) * MINUTE;
// adhan rounds to the minute by seconds and keeps the milliseconds; the API writes whole seconds.
const whole = (ms: number) => Math.floor(ms / 1000) * 1000;
const instant = (day: PrayerTimesDay, name: keyof PrayerTimesDay['timestamps']) => Date.parse(day.timestamps[name]!);

const PLACES = [
  {
    name: 'London',
    lat: 51.5074,
    lng: -0.1278,
    method: 'muslim-world-league',
    parameters: () => {
      const parameters = CalculationMethod.MuslimWorldLeague();
      parameters.highLatitudeRule = HighLatitudeRule.SeventhOfTheNight;
      return parameters;
    },
  },
  {
    name: 'Makkah',
    lat: 21.4225,
    lng: 39.8262,
    method: 'umm-al-qura',
    parameters: () => CalculationMethod.UmmAlQura(),
  },
  {
    name: 'Jakarta',
    lat: -6.2088,
    lng: 106.8456,
    method: 'kemenag',
    parameters: () => new CalculationParameters('Other', 20, 18),
  },
];
const DAY = { year: 2026, month: 6, day: 10 };

describe('core: sunnah times (Imsak, midnight, the thirds of the night)', () => {
  for (const place of PLACES) {
    describe(`${place.name}, ${DAY.year}-0${DAY.month}-${DAY.day}, ${place.method}`, () => {
      const coordinates = new Coordinates(place.lat, place.lng);
      const today = new PrayerTimes(coordinates, new Date(DAY.year, DAY.month - 1, DAY.day, 12), place.parameters());
      const tomorrow = new PrayerTimes(
        coordinates,
        new Date(DAY.year, DAY.month - 1, DAY.day + 1, 12),
        place.parameters(),
      );
      const sunnah = new SunnahTimes(today);
      const answer = (extra: object = {}) =>
        prayerTimes({ lat: place.lat, lng: place.lng, method: place.method, date: '2026-06-10', ...extra });

      it('Imsak is 10 minutes before Fajr by default, imsakMinutes before it when given', () => {
        expect(instant(answer(), 'imsak')).to.equal(whole(today.fajr.getTime() - 10 * MINUTE));
        expect(instant(answer({ imsakMinutes: 0 }), 'imsak')).to.equal(whole(today.fajr.getTime()));
        expect(instant(answer({ imsakMinutes: 25 }), 'imsak')).to.equal(whole(today.fajr.getTime() - 25 * MINUTE));
      });

      it("midnight and the last third are adhan's SunnahTimes; the first third a third of Maghrib to Fajr", () => {
        const day = answer();
        expect(instant(day, 'midnight')).to.equal(whole(sunnah.middleOfTheNight.getTime()));
        expect(instant(day, 'lastThird')).to.equal(whole(sunnah.lastThirdOfTheNight.getTime()));
        const night = tomorrow.fajr.getTime() - today.maghrib.getTime();
        expect(instant(day, 'firstThird')).to.equal(nearestMinute(today.maghrib.getTime() + night / 3));
      });

      it('midnightMode=jafari divides the night from sunset to the next Fajr', () => {
        const day = answer({ midnightMode: 'jafari' });
        const night = tomorrow.fajr.getTime() - today.sunset.getTime();
        expect(instant(day, 'midnight')).to.equal(nearestMinute(today.sunset.getTime() + night / 2));
        expect(instant(day, 'firstThird')).to.equal(nearestMinute(today.sunset.getTime() + night / 3));
        expect(instant(day, 'lastThird')).to.equal(nearestMinute(today.sunset.getTime() + (night * 2) / 3));
      });

      it('timings are the local clock of the timestamps', () => {
        const day = answer();
        for (const name of ['imsak', 'midnight', 'firstThird', 'lastThird'] as const) {
          expect(day.timings[name]).to.equal(day.timestamps[name]!.slice(11, 16));
        }
      });
    });
  }

  it('lists the times in a fixed order: the prayers and sunrise, then the sunnah times', () => {
    const day = prayerTimes({ lat: 51.5074, lng: -0.1278, date: '2026-06-10' });
    expect(Object.keys(day.timings)).to.deep.equal([...TIMING_NAMES]);
    expect(Object.keys(day.timestamps)).to.deep.equal([...TIMING_NAMES]);
  });

  it('in a calendar, each night ends at the next day’s Fajr, across the month’s end too', () => {
    const june = prayerCalendar({ lat: 51.5074, lng: -0.1278, year: 2026, month: 6 });
    const july1 = prayerTimes({ lat: 51.5074, lng: -0.1278, date: '2026-07-01' });
    const fajrs = [...june.slice(1), july1].map((day) => instant(day, 'fajr'));
    june.forEach((day, index) => {
      const night = fajrs[index]! - instant(day, 'maghrib');
      expect(instant(day, 'midnight'), day.date.gregorian).to.equal(nearestMinute(instant(day, 'maghrib') + night / 2));
    });
  });

  it('is null where its inputs are null (polar night: no Maghrib)', () => {
    const day = prayerTimes({ lat: 78.2232, lng: 15.6267, date: '2026-12-20' });
    expect(day.timings.maghrib).to.equal(null);
    expect([day.timings.midnight, day.timings.firstThird, day.timings.lastThird]).to.deep.equal([null, null, null]);
    expect(day.timings.imsak === null).to.equal(day.timings.fajr === null);
  });

  for (const [options, parameter] of [
    [{ imsakMinutes: -1 }, 'imsakMinutes'],
    [{ imsakMinutes: 61 }, 'imsakMinutes'],
    [{ imsakMinutes: 2.5 }, 'imsakMinutes'],
    [{ midnightMode: 'sunrise' }, 'midnightMode'],
  ] as const) {
    it(`rejects ${JSON.stringify(options)}, naming ${parameter}`, () => {
      const attempt = () => prayerTimes({ lat: 1, lng: 1, date: '2026-06-10', ...(options as object) });
      expect(attempt)
        .to.throw(AppError)
        .with.property('message')
        .that.matches(new RegExp(`^${parameter} `));
    });
  }
});
