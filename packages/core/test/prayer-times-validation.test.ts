import { expect } from 'chai';
import {
  AppError,
  prayerCalendar,
  prayerTimes,
  type PrayerCalendarInput,
  type PrayerTimesInput,
} from '../src/index.js';

const MAKKAH = { lat: 21.4225, lng: 39.8262, date: '2026-11-22' };

/** Each bad input, and the parameter name its message must contain. */
const BAD_INPUTS: Array<[string, Record<string, unknown>, RegExp]> = [
  ['lat 91', { lat: 91 }, /\blat\b/],
  ['lat not a number', { lat: Number.NaN }, /\blat\b/],
  ['lng -181', { lng: -181 }, /\blng\b/],
  ['date 2026-02-30', { date: '2026-02-30' }, /\bdate\b/],
  ['date written 22/11/2026', { date: '22/11/2026' }, /\bdate\b/],
  ['date before the year 1000', { date: '0999-01-01' }, /\bdate\b/],
  ['method nope', { method: 'nope' }, /\bmethod\b/],
  ['method 6 (no such Aladhan id)', { method: '6' }, /\bmethod\b/],
  ['madhab maliki', { madhab: 'maliki' }, /\bmadhab\b/],
  ['highLatitudeRule nope', { highLatitudeRule: 'angle' }, /\bhighLatitudeRule\b/],
  ['timezone Mars/Base', { timezone: 'Mars/Base' }, /\btimezone\b/],
  ['timezone as an offset', { timezone: '+03:00' }, /\btimezone\b/],
  ['fajrAngle without method=custom', { fajrAngle: 18 }, /\bfajrAngle\b.*custom/],
  ['ishaAngle without method=custom', { method: 'karachi', ishaAngle: 18 }, /\bishaAngle\b.*custom/],
  ['ishaInterval without method=custom', { method: 'umm-al-qura', ishaInterval: 120 }, /\bishaInterval\b.*custom/],
  ['custom fajrAngle 0', { method: 'custom', fajrAngle: 0 }, /\bfajrAngle\b/],
  ['custom fajrAngle 31', { method: 'custom', fajrAngle: 31 }, /\bfajrAngle\b/],
  ['custom ishaAngle as text', { method: 'custom', ishaAngle: '17' }, /\bishaAngle\b/],
  ['custom ishaInterval 12.5', { method: 'custom', ishaInterval: 12.5 }, /\bishaInterval\b/],
  ['custom ishaInterval -1', { method: 'custom', ishaInterval: -1 }, /\bishaInterval\b/],
  [
    'custom ishaAngle and ishaInterval together',
    { method: 'custom', ishaAngle: 17, ishaInterval: 90 },
    /ishaAngle and ishaInterval/,
  ],
  ['polarCircleResolution nope', { polarCircleResolution: 'nearest' }, /\bpolarCircleResolution\b/],
  ['shafaq with a non-moonsighting method', { shafaq: 'ahmer' }, /\bshafaq\b.*moonsighting-committee/],
  ['shafaq red', { method: 'moonsighting-committee', shafaq: 'red' }, /\bshafaq\b/],
  ['adjustments.fajr 121', { adjustments: { fajr: 121 } }, /adjustments\.fajr/],
  ['adjustments.isha -121', { adjustments: { isha: -121 } }, /adjustments\.isha/],
  ['adjustments.asr 1.5', { adjustments: { asr: 1.5 } }, /adjustments\.asr/],
  ['adjustments of an unknown time', { adjustments: { zuhr: 2 } }, /adjustments\.zuhr/],
  ['adjustments text out of range', { adjustments: 'fajr:2,isha:-500' }, /adjustments\.isha/],
  ['adjustments text malformed', { adjustments: 'fajr=2' }, /\badjustments\b/],
  ['now an invalid Date', { date: undefined, now: new Date('nope') }, /\bnow\b/],
];

describe('core: prayer times reject every bad parameter, naming it', () => {
  for (const [label, override, name] of BAD_INPUTS) {
    it(label, () => {
      expect(() => prayerTimes({ ...MAKKAH, ...override } as PrayerTimesInput))
        .to.throw(AppError, name)
        .with.property('code', 'VALIDATION_ERROR');
    });
  }

  it('calendar: year 999 and month 13', () => {
    const base = { lat: MAKKAH.lat, lng: MAKKAH.lng, year: 2026, month: 3 };
    expect(() => prayerCalendar({ ...base, year: 999 })).to.throw(AppError, /\byear\b/);
    expect(() => prayerCalendar({ ...base, month: 13 })).to.throw(AppError, /\bmonth\b/);
    expect(() => prayerCalendar({ ...base, month: 2.5 } as PrayerCalendarInput)).to.throw(AppError, /\bmonth\b/);
  });

  it('calendar: validates the shared parameters too', () => {
    expect(() => prayerCalendar({ lat: 0, lng: 0, year: 2026, month: 3, method: 'nope' })).to.throw(
      AppError,
      /\bmethod\b/,
    );
  });

  it('messages are one sentence with no stack or internals', () => {
    try {
      prayerTimes({ ...MAKKAH, timezone: 'Mars/Base' });
      expect.fail('should have thrown');
    } catch (error) {
      expect((error as AppError).message).to.match(/^[^\n]+\.$/);
    }
  });
});
