import { expect } from 'chai';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
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

  it('makes one Intl formatter a zone, whatever asks first and however the name is spelled', async () => {
    const worker = new Worker(new URL('./zone-formatters.worker.js', import.meta.url));
    const [reply] = (await once(worker, 'message')) as [{ made: string[]; answers: unknown[] }];
    await worker.terminate();
    expect(reply.answers).to.deep.equal([
      'America/North_Dakota/Beulah',
      'America/North_Dakota/Beulah',
      -360,
      765,
      'Pacific/Chatham',
      null,
    ]);
    expect(reply.made).to.deep.equal(['America/North_Dakota/Beulah', 'Pacific/Chatham', 'Mars/Olympus']);
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

  it("answers Intl's own offset at every second of the hour either side of a clock change", () => {
    const intlOffset = (time: number, format: Intl.DateTimeFormat) => {
      const name = format.formatToParts(time).find((part) => part.type === 'timeZoneName')!.value;
      const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
      return match[1] === undefined ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
    };
    // Spring and autumn in London, Lord Howe's half-hour change, a change at local midnight (Santiago), and
    // Casablanca's clock set back for Ramadan.
    for (const [zone, change] of [
      ['Europe/London', '2026-03-29T01:00:00Z'],
      ['Europe/London', '2026-10-25T01:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['America/Santiago', '2026-04-05T03:00:00Z'],
      ['Africa/Casablanca', '2026-02-15T02:00:00Z'],
    ] as const) {
      const at = Date.parse(change);
      const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
      for (let time = at - 3_600_000; time <= at + 3_600_000; time += 1_000)
        if (utcOffsetMinutes(new Date(time), zone) !== intlOffset(time, format))
          expect.fail(`${zone} at ${new Date(time).toISOString()}`);
    }
  });

  it("answers Intl's own offset at every hour of a year, its days read forwards, backwards or shuffled", () => {
    const intlOffset = (time: number, format: Intl.DateTimeFormat) => {
      const name = format.formatToParts(time).find((part) => part.type === 'timeZoneName')!.value;
      const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name)!;
      return match[1] === undefined ? 0 : (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
    };
    const start = Date.parse('2026-01-01T00:00:00Z');
    const days = Array.from({ length: 365 }, (_, index) => start + index * 86_400_000);
    const shuffled = days.map((day, index) => [(index * 7919) % 365, day] as const).sort(([a], [b]) => a - b);
    // A day starts with the offset the day before ended with, when that day was read first: each order reads
    // through its own spelling of the zone, so that none finds the days another has read.
    for (const zone of ['Europe/London', 'America/Santiago', 'Australia/Lord_Howe']) {
      const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
      const orders = { forwards: days, backwards: [...days].reverse(), shuffled: shuffled.map(([, day]) => day) };
      for (const [spelling, [order, list]] of [zone.toLowerCase(), zone.toUpperCase(), zone].map(
        (name, index) => [name, Object.entries(orders)[index]!] as const,
      ))
        for (const day of list)
          for (let time = day; time < day + 86_400_000; time += 3_600_000)
            if (utcOffsetMinutes(new Date(time), spelling) !== intlOffset(time, format))
              expect.fail(`${zone} read ${order}, at ${new Date(time).toISOString()}`);
    }
  });

  it('keeps nulls in place', () => {
    const readings = zonedDateTimes([null, new Date('2026-06-01T10:00:00Z'), null], 'Asia/Tokyo');
    expect(readings[0]).to.equal(null);
    expect(formatZonedIso(readings[1]!)).to.equal('2026-06-01T19:00:00+09:00');
    expect(readings[2]).to.equal(null);
    expect(zonedDateTimes([null, null], 'Asia/Tokyo')).to.deep.equal([null, null]);
  });
});
