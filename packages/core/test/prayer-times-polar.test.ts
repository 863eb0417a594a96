import { expect } from 'chai';
import { PRAYER_NAMES, prayerCalendar, prayerTimes } from '../src/index.js';

const TROMSO = { lat: 69.6492, lng: 18.9553 };

describe('core: prayer times in polar day and night', () => {
  it('Tromsø, midsummer, unresolved: no sunrise, Maghrib, Fajr or Isha; Dhuhr and Asr remain', () => {
    const { timings, timestamps } = prayerTimes({ ...TROMSO, date: '2026-06-21' });
    expect(timings).to.include({ fajr: null, sunrise: null, maghrib: null, isha: null });
    expect(timestamps).to.include({ fajr: null, sunrise: null, maghrib: null, isha: null });
    expect(timings.dhuhr).to.match(/^12:/);
    expect(timings.asr).to.match(/^1[5-8]:/);
  });

  it('Tromsø, midwinter, unresolved: no sunrise, Maghrib or Asr (no shadow); twilight Fajr and Isha remain', () => {
    const { timings } = prayerTimes({ ...TROMSO, date: '2026-12-21' });
    expect(timings).to.include({ sunrise: null, asr: null, maghrib: null });
    expect(timings.dhuhr).to.match(/^11:/);
    expect(timings.fajr).to.be.a('string');
    expect(timings.isha).to.be.a('string');
  });

  for (const polarCircleResolution of ['aqrab-balad', 'aqrab-yaum'] as const) {
    it(`Tromsø with ${polarCircleResolution}: every time but Asr is given, summer and winter`, () => {
      for (const date of ['2026-06-21', '2026-12-21']) {
        const { timings } = prayerTimes({ ...TROMSO, date, polarCircleResolution });
        for (const name of PRAYER_NAMES.filter((name) => name !== 'asr'))
          expect(timings[name], `${date} ${name}`).to.be.a('string');
      }
    });
  }

  it(
    'aqrab-balad gives a winter Asr; ' +
      'aqrab-yaum borrows a day whose noon sun barely rises, so Asr is null, not before Dhuhr',
    () => {
      const balad = prayerTimes({ ...TROMSO, date: '2026-12-21', polarCircleResolution: 'aqrab-balad' }).timestamps;
      expect(Date.parse(balad.asr!)).to.be.greaterThan(Date.parse(balad.dhuhr!));
      expect(prayerTimes({ ...TROMSO, date: '2026-12-21', polarCircleResolution: 'aqrab-yaum' }).timings.asr).to.equal(
        null,
      );
    },
  );

  it('a whole year at the edges of the polar circle: every time given is in order (null rather than wrong)', () => {
    for (const place of [TROMSO, { lat: -78, lng: 0 }, { lat: 66.5, lng: 25.7 }]) {
      for (let month = 1; month <= 12; month++) {
        for (const day of prayerCalendar({ ...place, year: 2026, month })) {
          const given = PRAYER_NAMES.map((name) => day.timestamps[name])
            .filter((time): time is string => time !== null)
            .map(Date.parse);
          expect(given, `${place.lat} ${day.date.gregorian}`).to.deep.equal([...given].sort((a, b) => a - b));
        }
      }
    }
  });
});
