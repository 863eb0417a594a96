import { expect } from 'chai';
// Only the package's public name: what an embedder with no server and no database would write.
import { listMethods, prayerCalendar, prayerTimes, qibla, toGregorian, toHijri } from '@islamic-data/core';

describe('core: embedding the package on its own', () => {
  it("computes a day's prayer times", () => {
    const day = prayerTimes({ lat: 21.4225, lng: 39.8262, date: '2026-11-22', method: 'umm-al-qura' });
    expect(day.location.timezone).to.equal('Asia/Riyadh');
    expect(day.timings.fajr).to.match(/^05:\d{2}$/);
    expect(day.timestamps.isha).to.match(/^2026-11-22T19:\d{2}:00\+03:00$/);
  });

  it('computes a month and lists the methods', () => {
    expect(prayerCalendar({ lat: 51.5074, lng: -0.1278, year: 2026, month: 3 })).to.have.length(31);
    expect(listMethods().map((method) => method.id)).to.include('umm-al-qura');
  });

  it('converts between Gregorian and Hijri', () => {
    expect(toHijri('2024-03-11').hijri.date).to.equal('1445-09-01');
    expect(toGregorian('1445-09-01').gregorian.date).to.equal('2024-03-11');
  });

  it('gives the Qibla', () => {
    expect(qibla({ lat: 40.7128, lng: -74.006 }).bearing).to.be.closeTo(58.48, 0.1);
  });
});
