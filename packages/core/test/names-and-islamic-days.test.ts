import { expect } from 'chai';
import {
  HIJRI_MONTH_NAMES_BY_LANGUAGE,
  ISLAMIC_DAYS,
  NAME_LANGUAGES,
  PRAYER_TIME_NAMES,
  WEEKDAY_NAMES_BY_LANGUAGE,
  islamicDaysOf,
  islamicDaysOn,
} from '../src/index.js';

/** CLDR's names as the ICU data of Node gives them: the published source the names were reviewed against. */
const cldrWeekdays = (lang: string) => {
  const format = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
  // 2024-01-07 was a Sunday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 7 + index))));
};

/** CLDR's month names of the islamic-umalqura calendar: the name of the month of the 15th of each month of 1446. */
const cldrHijriMonths = (lang: string) => {
  const format = new Intl.DateTimeFormat(`${lang}-u-ca-islamic-umalqura`, { month: 'long', timeZone: 'UTC' });
  const names: string[] = [];
  // From 1446-01-15 (2024-07-21), one name per 29.5 days lands once in every month.
  for (let index = 0; index < 12; index++)
    names.push(format.format(new Date(Date.UTC(2024, 6, 21) + index * 29.53 * 86_400_000)));
  return names;
};

describe('core: names in five languages (CONTRACT §19), reviewed against CLDR', () => {
  it('has weekday names equal to CLDR in en, ar, az, ru and tr', () => {
    for (const lang of NAME_LANGUAGES)
      expect(
        WEEKDAY_NAMES_BY_LANGUAGE.map((names) => names[lang]),
        lang,
      ).to.deep.equal(cldrWeekdays(lang));
  });

  it("has Hijri month names equal to CLDR's Umm al-Qura months in ar, az, ru and tr (en: transliterations)", () => {
    for (const lang of ['ar', 'az', 'ru', 'tr'] as const)
      expect(
        HIJRI_MONTH_NAMES_BY_LANGUAGE.map((names) => names[lang]),
        lang,
      ).to.deep.equal(cldrHijriMonths(lang));
    expect(HIJRI_MONTH_NAMES_BY_LANGUAGE.map((names) => names.en)).to.include.members([
      'Muharram',
      'Ramadan',
      'Shawwal',
    ]);
  });

  it('names the six times in every language, each name different within a language', () => {
    for (const lang of NAME_LANGUAGES) {
      const names = Object.values(PRAYER_TIME_NAMES).map((names) => names[lang]);
      expect(names, lang).to.have.length(6);
      expect(new Set(names).size, lang).to.equal(6);
      for (const name of names) expect(name.trim(), lang).to.equal(name).and.not.equal('');
    }
  });
});

describe('core: the Islamic days (Aladhan calendar list, reviewed)', () => {
  it('keeps every entry of the list (34, on its month and day) and adds 1 Muharram, the Islamic New Year', () => {
    expect(ISLAMIC_DAYS).to.have.length(35);
    expect(islamicDaysOn(1, 1).map((day) => day.id)).to.deep.equal(['islamic-new-year']);
    expect(islamicDaysOn(1, 10).map((day) => day.name.en)).to.deep.equal(['Ashura']);
    expect(islamicDaysOn(7, 15).map((day) => day.name.en)).to.have.length(2);
    // Upstream's order within a day: Eid-ul-Adha before Hajj on 10 Dhu al-Hijjah, Hajj before Arafa on the 9th.
    expect(islamicDaysOn(12, 10).map((day) => day.name.en)).to.deep.equal(['Eid-ul-Adha', 'Hajj']);
    expect(islamicDaysOn(12, 9).map((day) => day.name.en)).to.deep.equal(['Hajj', 'Arafa']);
    expect(ISLAMIC_DAYS.filter((day) => day.name.en === 'Lailat-ul-Qadr').map((day) => day.day)).to.deep.equal([
      21, 23, 25, 27, 29,
    ]);
  });

  it('marks the urs and births of particular figures some-communities, the rest general', () => {
    const some = ISLAMIC_DAYS.filter((day) => day.observance === 'some-communities');
    expect(some).to.have.length(13);
    for (const day of some) expect(day.name.en, day.id).to.match(/^(Urs|Birth) of /);
    for (const day of ISLAMIC_DAYS.filter((day) => day.observance === 'general'))
      expect(day.name.en, day.id).to.not.match(/^(Urs|Birth) of /);
  });

  it('has unique ids and a name in each of the five languages for every day', () => {
    expect(new Set(ISLAMIC_DAYS.map((day) => day.id)).size).to.equal(ISLAMIC_DAYS.length);
    for (const day of ISLAMIC_DAYS)
      for (const lang of NAME_LANGUAGES)
        expect(day.name[lang], `${day.id} ${lang}`).to.be.a('string').and.not.equal('');
  });

  it('puts a Hijri year on its Gregorian dates, shifted by hijriAdjustment, and refuses a bad year naming it', () => {
    const plain = islamicDaysOf({ year: 1447 });
    const shifted = islamicDaysOf({ year: 1447, hijriAdjustment: 1 });
    expect(plain[0]!.hijri.date).to.equal('1447-01-01');
    const dayBefore = new Date(Date.parse(`${plain[0]!.gregorian.date}T00:00:00Z`) - 86_400_000).toISOString();
    expect(shifted[0]!.gregorian.date).to.equal(dayBefore.slice(0, 10));
    expect(() => islamicDaysOf({ year: 1501 })).to.throw(/year must be a whole number/);
    expect(() => islamicDaysOf({})).to.throw(/year and gregorianYear/);
    expect(() => islamicDaysOf({ year: 1447, gregorianYear: 2026 })).to.throw(/cannot both/);
  });

  it('answers every year of the table, leaving out a day past its month (1343 had a Ramadan of 28 days)', () => {
    for (let year = 1343; year <= 1500; year++)
      for (const hijriAdjustment of [-2, 0, 2]) expect(() => islamicDaysOf({ year, hijriAdjustment })).not.to.throw();
    const ramadanNights = (year: number) =>
      islamicDaysOf({ year })
        .filter(({ id }) => id.startsWith('laylat-al-qadr-'))
        .map(({ hijri }) => hijri.date);
    expect(ramadanNights(1343)).to.deep.equal(['1343-09-21', '1343-09-23', '1343-09-25', '1343-09-27']);
    expect(ramadanNights(1447)).to.have.length(5);
  });
});
