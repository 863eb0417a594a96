import { expect } from 'chai';
import { AppError, canonicalTimeZone, resolveTimeZone, timeZoneAt } from '../src/index.js';
import { BORDER_TOWNS, TZ_LOOKUP_MISSES } from '../src/timezone/border-towns.js';
import { utcOffsetMinutes, zonedDateTimes, formatZonedIso } from '../src/timezone/zoned-time.js';

/**
 * Points on both sides of borders, with the zone in force, except tz-lookup's known misses (see
 * bench/TIMEZONE-CHOICE.md).
 */
const BORDER_POINTS = BORDER_TOWNS.filter(([town]) => !TZ_LOOKUP_MISSES.includes(town));

describe('core: time zones', () => {
  for (const [place, lat, lng, zone] of BORDER_POINTS) {
    it(`${place} is in ${zone}`, () => {
      expect(timeZoneAt(lat, lng)).to.equal(zone);
    });
  }

  it('validates IANA names with Intl, keeping the given name', () => {
    expect(resolveTimeZone('Asia/Riyadh')).to.equal('Asia/Riyadh');
    expect(resolveTimeZone('utc')).to.equal('UTC');
    expect(resolveTimeZone('asia/riyadh')).to.equal('Asia/Riyadh');
    // Not ICU's legacy aliases (Asia/Calcutta, Europe/Kiev): the caller's current IANA name stays.
    expect(resolveTimeZone('Asia/Kolkata')).to.equal('Asia/Kolkata');
    expect(resolveTimeZone('Europe/Kyiv')).to.equal('Europe/Kyiv');
    expect(canonicalTimeZone('Mars/Base')).to.equal(undefined);
    for (const bad of ['Mars/Base', '+03:00', '', 42]) {
      expect(() => resolveTimeZone(bad), String(bad)).to.throw(AppError, /^timezone must be an IANA time zone name/);
    }
  });

  it('reads offsets, including half and quarter hours', () => {
    const instant = new Date('2026-01-15T12:00:00Z');
    expect(utcOffsetMinutes(instant, 'Asia/Kolkata')).to.equal(330);
    expect(utcOffsetMinutes(instant, 'Asia/Kathmandu')).to.equal(345);
    expect(utcOffsetMinutes(instant, 'America/St_Johns')).to.equal(-210);
    expect(utcOffsetMinutes(instant, 'UTC')).to.equal(0);
  });

  it('gives each instant its own offset when a change falls between them', () => {
    const [before, after] = zonedDateTimes(
      [new Date('2026-03-29T00:30:00Z'), new Date('2026-03-29T01:30:00Z')],
      'Europe/London',
    );
    expect(formatZonedIso(before!)).to.equal('2026-03-29T00:30:00+00:00');
    expect(formatZonedIso(after!)).to.equal('2026-03-29T02:30:00+01:00');
  });

  it('keeps nulls in place', () => {
    const readings = zonedDateTimes([null, new Date('2026-06-01T10:00:00Z'), null], 'Asia/Tokyo');
    expect(readings[0]).to.equal(null);
    expect(formatZonedIso(readings[1]!)).to.equal('2026-06-01T19:00:00+09:00');
    expect(readings[2]).to.equal(null);
    expect(zonedDateTimes([null, null], 'Asia/Tokyo')).to.deep.equal([null, null]);
  });
});
