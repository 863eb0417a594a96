import { expect } from 'chai';
import {
  AppError,
  HIJRI_MONTH_NAMES,
  hijriToday,
  toGregorian,
  toHijri,
  UMM_AL_QURA_RANGE,
  ISLAMIC_DAYS,
} from '../src/index.js';

const ramadanBegins = { id: 'ramadan-begins', name: ISLAMIC_DAYS.find(({ id }) => id === 'ramadan-begins')!.name };

const RANGE_MESSAGE = /1924-08-01 to 2077-11-16 \(Hijri 1343-01-01 to 1500-12-30\)/;

describe('core: Hijri conversion (Umm al-Qura)', () => {
  it("answers CONTRACT §8's example exactly, in both directions", () => {
    const expected = {
      calendar: 'umm-al-qura',
      hijriAdjustment: 0,
      gregorian: {
        date: '2024-03-11',
        year: 2024,
        month: 3,
        day: 11,
        weekday: { en: 'Monday', ar: 'الاثنين', az: 'bazar ertəsi', ru: 'понедельник', tr: 'Pazartesi' },
      },
      hijri: {
        date: '1445-09-01',
        year: 1445,
        month: 9,
        day: 1,
        monthName: { en: 'Ramadan', ar: 'رمضان', az: 'Ramazan', ru: 'рамадан', tr: 'Ramazan' },
        monthLength: 30,
        // CONTRACT §19: every Hijri date carries the Islamic days falling on it.
        events: [ramadanBegins],
      },
    };
    expect(toHijri('2024-03-11')).to.deep.equal(expected);
    expect(toGregorian('1445-09-01')).to.deep.equal(expected);
  });

  it('names all seven weekdays in English and Arabic', () => {
    const week = ['2024-03-10', '2024-03-11', '2024-03-12', '2024-03-13', '2024-03-14', '2024-03-15', '2024-03-16'].map(
      (date) => toHijri(date).gregorian.weekday,
    );
    expect(week.map((day) => day.en)).to.deep.equal([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(week.map((day) => day.ar)).to.deep.equal([
      'الأحد',
      'الاثنين',
      'الثلاثاء',
      'الأربعاء',
      'الخميس',
      'الجمعة',
      'السبت',
    ]);
  });

  it('names all twelve months, and a year has 354 or 355 days in 29- and 30-day months', () => {
    expect(HIJRI_MONTH_NAMES.map((name) => name.en)).to.deep.equal([
      'Muharram',
      'Safar',
      'Rabi al-Awwal',
      'Rabi al-Thani',
      'Jumada al-Ula',
      'Jumada al-Akhirah',
      'Rajab',
      'Shaban',
      'Ramadan',
      'Shawwal',
      'Dhu al-Qadah',
      'Dhu al-Hijjah',
    ]);
    const months = Array.from({ length: 12 }, (_, i) => toGregorian(`1446-${String(i + 1).padStart(2, '0')}-01`).hijri);
    expect(months.map((month) => month.monthName.en)).to.deep.equal(HIJRI_MONTH_NAMES.map((name) => name.en));
    expect(months.map((month) => month.monthName.ar)).to.include.members(['محرم', 'رمضان', 'ذو الحجة']);
    for (const month of months) expect(month.monthLength).to.be.oneOf([29, 30]);
    expect(months.reduce((days, month) => days + month.monthLength, 0)).to.be.oneOf([354, 355]);
  });

  it('answers every day of every month of the table both ways, and refuses the day after each month ends', function () {
    this.timeout(120_000);
    const irregular: string[] = [];
    let walked = 0;
    for (let year = 1343; year <= 1500; year++) {
      for (let month = 1; month <= 12; month++) {
        const first = toGregorian(`${year}-${String(month).padStart(2, '0')}-01`);
        const { monthLength } = first.hijri;
        if (monthLength === 28 || monthLength === 31) irregular.push(`${first.hijri.date.slice(0, 7)}:${monthLength}`);
        for (let day = 1; day <= monthLength; day++) {
          const hijri = `${first.hijri.date.slice(0, 8)}${String(day).padStart(2, '0')}`;
          const there = toGregorian(hijri);
          const back = toHijri(there.gregorian.date);
          expect(back.hijri.date, hijri).to.equal(hijri);
          expect(back.hijri.monthLength, hijri).to.equal(monthLength);
          walked++;
        }
        if (monthLength < 31) {
          const missing = `${first.hijri.date.slice(0, 8)}${monthLength + 1}`;
          expect(() => toGregorian(missing), missing).to.throw(/does not exist/);
        }
      }
    }
    expect(irregular).to.deep.equal([
      '1343-09:28',
      '1345-05:31',
      '1345-08:28',
      '1348-11:31',
      '1348-12:28',
      '1349-10:28',
      '1349-11:31',
      '1364-08:28',
    ]);
    // Every Gregorian day of the range was reached exactly once from the Hijri side.
    const days =
      (Date.parse(UMM_AL_QURA_RANGE.gregorian.last) - Date.parse(UMM_AL_QURA_RANGE.gregorian.first)) / 86_400_000;
    expect(walked).to.equal(days + 1);
  });

  it('gives the table’s 28- and 31-day months their days both ways, as the newspaper dated them', () => {
    expect(toHijri('1930-05-27').hijri).to.include({ date: '1348-12-28', monthLength: 28 });
    expect(toHijri('1930-05-28').hijri).to.include({ date: '1349-01-01' });
    expect(toHijri('1926-12-06').hijri).to.include({ date: '1345-05-31', monthLength: 31 });
    expect(toGregorian('1345-05-31').gregorian.date).to.equal('1926-12-06');
    expect(() => toGregorian('1345-04-31')).to.throw(AppError, /does not exist/);
    expect(() => toGregorian('1348-12-29')).to.throw(
      AppError,
      /1348-12-29 does not exist: Dhu al-Hijjah 1348 has 28 days/,
    );
  });

  it('converts both ends of the supported range', () => {
    expect(toHijri(UMM_AL_QURA_RANGE.gregorian.first).hijri.date).to.equal(UMM_AL_QURA_RANGE.hijri.first);
    expect(toHijri(UMM_AL_QURA_RANGE.gregorian.last).hijri.date).to.equal(UMM_AL_QURA_RANGE.hijri.last);
    expect(toGregorian(UMM_AL_QURA_RANGE.hijri.last).gregorian.date).to.equal(UMM_AL_QURA_RANGE.gregorian.last);
  });

  for (const [label, convert, pattern] of [
    ['the day before the Gregorian range', () => toHijri('1924-07-31'), /^date .*outside/],
    ['the day after the Gregorian range', () => toHijri('2077-11-17'), /^date .*outside/],
    ['a Hijri year before the range', () => toGregorian('1342-12-29'), /^hijri .*outside/],
    ['a Hijri year after the range', () => toGregorian('1501-01-01'), /^hijri .*outside/],
  ] as const) {
    it(`rejects ${label}, stating both ranges`, () => {
      expect(convert).to.throw(AppError, pattern).with.property('code', 'VALIDATION_ERROR');
      expect(convert).to.throw(RANGE_MESSAGE);
    });
  }

  for (const [label, convert, pattern] of [
    ['Hijri month 13', () => toGregorian('1445-13-01'), /^hijri month/],
    ['Hijri day 32', () => toGregorian('1445-01-32'), /^hijri day/],
    ['Hijri day 31 of a 30-day month', () => toGregorian('1445-01-31'), /^hijri 1445-01-31 does not exist/],
    [
      'Hijri day 30 of a 29-day month',
      () => toGregorian('1445-08-30'),
      /^hijri 1445-08-30 does not exist: Shaban 1445 has 29 days/,
    ],
    ['a Hijri date in another format', () => toGregorian('1445/09/01'), /^hijri must be/],
    ['Gregorian 2026-02-30', () => toHijri('2026-02-30'), /^date must be/],
    ['a Gregorian date in another format', () => toHijri('11-03-2024'), /^date must be/],
  ] as const) {
    it(`rejects ${label}, naming the parameter`, () => {
      expect(convert).to.throw(AppError, pattern).with.property('code', 'VALIDATION_ERROR');
    });
  }

  describe('hijriToday', () => {
    const now = new Date('2024-03-10T22:00:00Z');

    it('is the UTC date by default', () => {
      expect(hijriToday(now).gregorian.date).to.equal('2024-03-10');
    });

    it("is the zone's date when one is given", () => {
      const today = hijriToday(now, 'Asia/Riyadh');
      expect(today.gregorian.date).to.equal('2024-03-11');
      expect(today.hijri.date).to.equal('1445-09-01');
    });

    it('rejects an unknown zone, naming timezone', () => {
      expect(() => hijriToday(now, 'Mars/Base')).to.throw(AppError, /^timezone/);
    });
  });
});
