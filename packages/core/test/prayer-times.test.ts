import { expect } from 'chai';
import { prayerCalendar, prayerTimes, toHijri } from '../src/index.js';

const MAKKAH = { lat: 21.4225, lng: 39.8262 };
const minutes = (hhmm: string | null) => Number(hhmm!.slice(0, 2)) * 60 + Number(hhmm!.slice(3));

describe('core: prayer times for a day', () => {
  it("answers exactly CONTRACT §6's data shape", () => {
    const result = prayerTimes({ ...MAKKAH, date: '2026-11-22', method: 'umm-al-qura' });
    expect(result).to.have.all.keys(
      'date',
      'location',
      'method',
      'madhab',
      'highLatitudeRule',
      'timings',
      'timestamps',
    );
    expect(result.date).to.deep.equal({
      gregorian: '2026-11-22',
      hijri: { year: 1448, month: 6, day: 12, events: [] },
      hijriAdjustment: 0,
    });
    expect(result.location).to.deep.equal({ lat: 21.4225, lng: 39.8262, timezone: 'Asia/Riyadh' });
    expect(result.method).to.include({
      id: 'umm-al-qura',
      name: 'Umm al-Qura University, Makkah',
      fajrAngle: 18.5,
      ishaAngle: 0,
      ishaInterval: 90,
    });
    expect(result.madhab).to.equal('shafi');
    expect(result.highLatitudeRule).to.equal('middle-of-the-night');
    // The contract's six times, then the sunnah times of issue 18.
    expect(result.timings).to.have.all.keys(
      'fajr',
      'sunrise',
      'dhuhr',
      'asr',
      'maghrib',
      'isha',
      'imsak',
      'midnight',
      'firstThird',
      'lastThird',
    );
    for (const [name, clock] of Object.entries(result.timings)) {
      expect(clock, name).to.match(/^\d{2}:\d{2}$/);
      // The night's times may fall after the calendar day's end.
      const timestamp = result.timestamps[name as keyof typeof result.timestamps]!;
      const date = Date.parse(timestamp) > Date.parse('2026-11-23T00:00:00+03:00') ? '2026-11-23' : '2026-11-22';
      expect(timestamp).to.equal(`${date}T${clock}:00+03:00`);
    }
  });

  it('defaults: muslim-world-league, shafi, the zone at the point, its recommended high-latitude rule', () => {
    const makkah = prayerTimes({ ...MAKKAH, date: '2026-03-01' });
    expect(makkah.method.id).to.equal('muslim-world-league');
    expect(makkah.madhab).to.equal('shafi');
    expect(makkah.location.timezone).to.equal('Asia/Riyadh');
    expect(makkah.highLatitudeRule).to.equal('middle-of-the-night');
    const london = prayerTimes({ lat: 51.5074, lng: -0.1278, date: '2026-03-01' });
    expect(london.location.timezone).to.equal('Europe/London');
    expect(london.highLatitudeRule).to.equal('seventh-of-the-night');
  });

  it('the default date is today in the zone, from the injected now', () => {
    const now = new Date('2026-03-01T22:30:00Z');
    expect(prayerTimes({ ...MAKKAH, now }).date.gregorian).to.equal('2026-03-02');
    expect(prayerTimes({ ...MAKKAH, now, timezone: 'America/New_York' }).date.gregorian).to.equal('2026-03-01');
  });

  it('an explicit timezone is used for the local times, in its canonical spelling', () => {
    const result = prayerTimes({ ...MAKKAH, date: '2026-03-01', timezone: 'utc' });
    expect(result.location.timezone).to.equal('UTC');
    expect(result.timestamps.dhuhr).to.match(/^2026-03-01T09:\d{2}:00\+00:00$/);
  });

  it('a zone a day ahead of the sun (Kiritimati, UTC+14 at 157° W) still gets the times of its own date', () => {
    const result = prayerTimes({ lat: 1.87, lng: -157.4, date: '2026-03-29' });
    expect(result.location.timezone).to.equal('Pacific/Kiritimati');
    expect(result.timestamps.fajr).to.match(/^2026-03-29T05:/);
    expect(result.timestamps.dhuhr).to.match(/^2026-03-29T12:/);
    expect(result.timestamps.isha).to.match(/^2026-03-29T19:/);
  });

  it('Hijri date is null outside the Umm al-Qura table, while the times are still given', () => {
    const result = prayerTimes({ ...MAKKAH, date: '2090-01-01' });
    expect(result.date.hijri).to.equal(null);
    expect(result.timings.dhuhr).to.match(/^12:/);
  });
});

describe('core: Umm al-Qura Isha in Ramadan', () => {
  it('is 120 minutes after Maghrib on a Ramadan day, 90 outside Ramadan', () => {
    expect(toHijri('2026-03-01').hijri.month).to.equal(9);
    const ramadan = prayerTimes({ ...MAKKAH, date: '2026-03-01', method: 'umm-al-qura' });
    expect(ramadan.method.ishaInterval).to.equal(120);
    expect(minutes(ramadan.timings.isha) - minutes(ramadan.timings.maghrib)).to.equal(120);

    expect(toHijri('2026-04-01').hijri.month).to.equal(10);
    const shawwal = prayerTimes({ ...MAKKAH, date: '2026-04-01', method: 'umm-al-qura' });
    expect(shawwal.method.ishaInterval).to.equal(90);
    expect(minutes(shawwal.timings.isha) - minutes(shawwal.timings.maghrib)).to.equal(90);
  });

  it('switches on the first and off after the last day of Ramadan in a calendar', () => {
    const days = [
      ...prayerCalendar({ ...MAKKAH, year: 2026, month: 2, method: 'umm-al-qura' }),
      ...prayerCalendar({ ...MAKKAH, year: 2026, month: 3, method: 'umm-al-qura' }),
    ];
    for (const day of days) {
      const inRamadan = day.date.hijri!.month === 9;
      expect(day.method.ishaInterval, day.date.gregorian).to.equal(inRamadan ? 120 : 90);
    }
    expect(days.filter((day) => day.method.ishaInterval === 120)).to.have.length.within(29, 30);
  });

  it('does not touch other interval methods in Ramadan', () => {
    expect(prayerTimes({ ...MAKKAH, date: '2026-03-01', method: 'qatar' }).method.ishaInterval).to.equal(90);
  });
});

describe('core: prayer calendar for a month', () => {
  it('has one day per day of the month, in order', () => {
    const march = prayerCalendar({ ...MAKKAH, year: 2026, month: 3 });
    expect(march).to.have.length(31);
    expect(march.map((day) => day.date.gregorian)).to.deep.equal(
      Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`),
    );
    expect(prayerCalendar({ ...MAKKAH, year: 2026, month: 2 })).to.have.length(28);
    expect(prayerCalendar({ ...MAKKAH, year: 2028, month: 2 })).to.have.length(29);
  });

  it('day 15 equals prayerTimes for that date, with the same options', () => {
    const options = {
      lat: 51.5074,
      lng: -0.1278,
      method: 'moonsighting-committee',
      madhab: 'hanafi',
      adjustments: 'isha:2',
    } as const;
    const calendar = prayerCalendar({ ...options, year: 2026, month: 10 });
    expect(calendar[14]).to.deep.equal(prayerTimes({ ...options, date: '2026-10-15' }));
  });

  it('days do not share objects', () => {
    const [first, second] = prayerCalendar({ ...MAKKAH, year: 2026, month: 3 });
    first!.method.offsets.dhuhr = 99;
    first!.location.lat = 0;
    expect(second!.method.offsets.dhuhr).to.equal(1);
    expect(second!.location.lat).to.equal(MAKKAH.lat);
  });
});
