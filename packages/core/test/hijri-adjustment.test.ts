import { hijriToGregorian } from '@tabby_ai/hijri-converter';
import { expect } from 'chai';
import { convertHijri, prayerCalendar, prayerTimes, toGregorian, toHijri, ISLAMIC_DAYS } from '../src/index.js';

// Expected dates come from the converter package directly and plain date arithmetic, not from the core.
const iso = ({ year, month, day }: { year: number; month: number; day: number }) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const RAMADAN_1447_STARTS = iso(hijriToGregorian({ year: 1447, month: 9, day: 1 }));
const SHAWWAL_1447_STARTS = iso(hijriToGregorian({ year: 1447, month: 10, day: 1 }));
const MAKKAH = { lat: 21.4225, lng: 39.8262, method: 'umm-al-qura' };

const ramadanBegins = { id: 'ramadan-begins', name: ISLAMIC_DAYS.find(({ id }) => id === 'ramadan-begins')!.name };

describe('core: hijriAdjustment (−2..2 days on the Umm al-Qura date)', () => {
  it('hijriAdjustment=1 makes the first of Ramadan fall one Gregorian day earlier, both ways', () => {
    const dayBefore = plusDays(RAMADAN_1447_STARTS, -1);
    expect(toHijri(dayBefore, 1).hijri.date).to.equal('1447-09-01');
    expect(toHijri(dayBefore, 0).hijri.date).to.not.equal('1447-09-01');
    expect(toGregorian('1447-09-01', 1).gregorian.date).to.equal(dayBefore);
    expect(toGregorian('1447-09-01', -2).gregorian.date).to.equal(plusDays(RAMADAN_1447_STARTS, 2));
    expect(toHijri(dayBefore, 1).hijriAdjustment).to.equal(1);
  });

  for (const adjustment of [-2, -1, 0, 1, 2]) {
    it(`${adjustment}: a Gregorian day and its Hijri date convert back to each other`, () => {
      const there = toHijri('2026-03-01', adjustment);
      expect(toGregorian(there.hijri.date, adjustment).gregorian.date).to.equal('2026-03-01');
    });
  }

  it('prayer times carry the adjusted Hijri date and echo the adjustment', () => {
    const day = prayerTimes({ ...MAKKAH, date: plusDays(RAMADAN_1447_STARTS, -1), hijriAdjustment: 1 });
    expect(day.date.hijri).to.deep.equal({ year: 1447, month: 9, day: 1, events: [ramadanBegins] });
    expect(day.date.hijriAdjustment).to.equal(1);
  });

  for (const adjustment of [-1, 1, 2]) {
    it(`Umm al-Qura's Ramadan Isha (120 minutes) moves with hijriAdjustment=${adjustment}`, () => {
      const [start, end] = [plusDays(RAMADAN_1447_STARTS, -adjustment), plusDays(SHAWWAL_1447_STARTS, -adjustment)];
      const days = [...prayerCalendar({ ...MAKKAH, year: 2026, month: 2, hijriAdjustment: adjustment })];
      days.push(...prayerCalendar({ ...MAKKAH, year: 2026, month: 3, hijriAdjustment: adjustment }));
      for (const day of days) {
        const inRamadan = day.date.gregorian >= start && day.date.gregorian < end;
        expect(day.method.ishaInterval, day.date.gregorian).to.equal(inRamadan ? 120 : 90);
      }
    });
  }

  it('"today" is shifted too', () => {
    const now = new Date(`${RAMADAN_1447_STARTS}T12:00:00Z`);
    const shabanStarts = iso(hijriToGregorian({ year: 1447, month: 8, day: 1 }));
    const shabanLength = (Date.parse(RAMADAN_1447_STARTS) - Date.parse(shabanStarts)) / 86_400_000;
    expect(convertHijri({ now, hijriAdjustment: -1 }).hijri.date).to.equal(`1447-08-${shabanLength}`);
    expect(convertHijri({ now }).hijri.date).to.equal('1447-09-01');
  });

  for (const value of [3, -3, 0.5, '1']) {
    it(`rejects hijriAdjustment=${JSON.stringify(value)}, naming it`, () => {
      expect(() => toHijri('2026-03-01', value)).to.throw(/^hijriAdjustment must be a whole number from -2 to 2/);
      expect(() => prayerTimes({ ...MAKKAH, hijriAdjustment: value as number })).to.throw(/^hijriAdjustment /);
    });
  }

  it('states the supported range where the shift leaves the table', () => {
    expect(() => toHijri('2077-11-16', 1)).to.throw(/^date is outside the supported range/);
    expect(() => toGregorian('1343-01-01', 1)).to.throw(/^hijri is outside the supported range/);
    expect(prayerTimes({ ...MAKKAH, date: '2077-11-16', hijriAdjustment: 1 }).date.hijri).to.equal(null);
  });
});
