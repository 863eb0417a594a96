import { CalculationMethod, Rounding } from 'adhan';
import { expect } from 'chai';
import { listMethods, prayerTimes } from '../src/index.js';

const ADHAN_METHOD_OF: Record<string, keyof typeof CalculationMethod> = {
  'muslim-world-league': 'MuslimWorldLeague',
  egyptian: 'Egyptian',
  karachi: 'Karachi',
  'umm-al-qura': 'UmmAlQura',
  dubai: 'Dubai',
  'moonsighting-committee': 'MoonsightingCommittee',
  'north-america': 'NorthAmerica',
  kuwait: 'Kuwait',
  qatar: 'Qatar',
  singapore: 'Singapore',
  tehran: 'Tehran',
  turkey: 'Turkey',
};

const ALADHAN_IDS: Record<string, number> = {
  jafari: 0,
  karachi: 1,
  'north-america': 2,
  'muslim-world-league': 3,
  'umm-al-qura': 4,
  egyptian: 5,
  tehran: 7,
  gulf: 8,
  kuwait: 9,
  qatar: 10,
  singapore: 11,
  france: 12,
  turkey: 13,
  russia: 14,
  'moonsighting-committee': 15,
  dubai: 16,
  jakim: 17,
  tunisia: 18,
  algeria: 19,
  kemenag: 20,
  morocco: 21,
  portugal: 22,
  jordan: 23,
  custom: 99,
};

const LONDON = { lat: 51.5074, lng: -0.1278, date: '2026-04-15', timezone: 'Europe/London' };
const minutes = (hhmm: string | null) => Number(hhmm!.slice(0, 2)) * 60 + Number(hhmm!.slice(3));

describe('core: prayer-time methods', () => {
  const methods = listMethods();

  it('lists the 12 adhan methods, the 11 further Aladhan methods and custom, each once', () => {
    expect(methods.map((method) => method.id)).to.have.members(Object.keys(ALADHAN_IDS));
    expect(methods).to.have.length(24);
    expect(methods.at(-1)!.id).to.equal('custom');
  });

  it('gives every method its Aladhan id', () => {
    for (const method of methods) expect(method.aladhanId, method.id).to.equal(ALADHAN_IDS[method.id]);
  });

  it('lists parameters: name, angles, interval, Maghrib angle, offsets', () => {
    for (const method of methods) {
      expect(method.name, method.id).to.be.a('string').and.not.equal('');
      expect(method.fajrAngle, method.id).to.be.greaterThan(0);
      expect(method.ishaAngle > 0 || method.ishaInterval > 0, method.id).to.equal(true);
      expect(method.offsets).to.have.all.keys('fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha');
    }
  });

  for (const [slug, adhanName] of Object.entries(ADHAN_METHOD_OF)) {
    it(`${slug} carries adhan's own ${adhanName} parameters`, () => {
      const ours = methods.find((method) => method.id === slug)!;
      const theirs = CalculationMethod[adhanName]();
      expect(ours.fajrAngle).to.equal(theirs.fajrAngle);
      expect(ours.ishaAngle).to.equal(theirs.ishaAngle);
      expect(ours.ishaInterval).to.equal(theirs.ishaInterval);
      expect(ours.maghribAngle ?? 0).to.equal(theirs.maghribAngle);
      expect(ours.offsets).to.deep.equal(theirs.methodAdjustments);
      expect(ours.rounding).to.equal(theirs.rounding === Rounding.Up ? 'up' : 'nearest');
    });
  }

  it('uses the published parameters for the Aladhan-only methods', () => {
    const find = (id: string) => methods.find((method) => method.id === id)!;
    expect(find('jafari')).to.include({ fajrAngle: 16, ishaAngle: 14, maghribAngle: 4 });
    expect(find('gulf')).to.include({ fajrAngle: 19.5, ishaInterval: 90 });
    expect(find('france')).to.include({ fajrAngle: 12, ishaAngle: 12 });
    expect(find('russia')).to.include({ fajrAngle: 16, ishaAngle: 15 });
    expect(find('jakim')).to.include({ fajrAngle: 20, ishaAngle: 18 });
    expect(find('tunisia')).to.include({ fajrAngle: 18, ishaAngle: 18 });
    expect(find('algeria')).to.include({ fajrAngle: 18, ishaAngle: 17 });
    expect(find('kemenag')).to.include({ fajrAngle: 20, ishaAngle: 18 });
    expect(find('morocco')).to.include({ fajrAngle: 19, ishaAngle: 17 });
    expect(find('portugal')).to.include({ fajrAngle: 18, ishaInterval: 77 });
    expect(find('jordan')).to.include({ fajrAngle: 18, ishaAngle: 18 });
  });

  it('returns copies: changing the list does not change the registry', () => {
    methods[0]!.fajrAngle = 99;
    methods[0]!.offsets.dhuhr = 99;
    expect(listMethods()[0]).to.include({ fajrAngle: 18 });
    expect(listMethods()[0]!.offsets.dhuhr).to.equal(1);
  });

  it('accepts an Aladhan id, as digits or a number, for the slug', () => {
    expect(prayerTimes({ ...LONDON, method: '4' }).method.id).to.equal('umm-al-qura');
    expect(prayerTimes({ ...LONDON, method: 0 }).method.id).to.equal('jafari');
    expect(prayerTimes({ ...LONDON, method: '15' }).method.id).to.equal('moonsighting-committee');
  });

  it('Portugal: Maghrib 3 min after sunset, Isha 77 min after Maghrib', () => {
    const plain = prayerTimes({ ...LONDON, method: 'custom' }).timings;
    const portugal = prayerTimes({ ...LONDON, method: 'portugal' }).timings;
    expect(minutes(portugal.maghrib) - minutes(plain.maghrib)).to.equal(3);
    expect(minutes(portugal.isha) - minutes(portugal.maghrib)).to.equal(77);
  });

  it('Jordan and Morocco apply their Maghrib offsets', () => {
    const plain = prayerTimes({ ...LONDON, method: 'custom' }).timings;
    expect(minutes(prayerTimes({ ...LONDON, method: 'jordan' }).timings.maghrib) - minutes(plain.maghrib)).to.equal(5);
    const morocco = prayerTimes({ ...LONDON, method: 'morocco' }).timings;
    expect(minutes(morocco.maghrib) - minutes(plain.maghrib)).to.equal(5);
    expect(minutes(morocco.dhuhr) - minutes(plain.dhuhr)).to.equal(5);
  });

  it('Jafari: Maghrib when the sun is 4° down, later than sunset', () => {
    const plain = prayerTimes({ ...LONDON, method: 'custom' }).timings;
    expect(minutes(prayerTimes({ ...LONDON, method: 'jafari' }).timings.maghrib)).to.be.greaterThan(
      minutes(plain.maghrib) + 10,
    );
  });

  it('custom: the given angles and interval are applied and reported', () => {
    const result = prayerTimes({ ...LONDON, method: 'custom', fajrAngle: 15, ishaInterval: 90 });
    expect(result.method).to.include({ id: 'custom', fajrAngle: 15, ishaAngle: 0, ishaInterval: 90 });
    expect(minutes(result.timings.isha) - minutes(result.timings.maghrib)).to.equal(90);
    // In London in April the seventh-of-the-night cap sets Fajr; at Makkah the angle does.
    const makkah = { lat: 21.4225, lng: 39.8262, date: '2026-04-15', method: 'custom' };
    const [at15, at18] = [15, 18].map((fajrAngle) => minutes(prayerTimes({ ...makkah, fajrAngle }).timings.fajr));
    expect(at15! - at18!).to.be.within(10, 15);
  });

  it('moonsighting-committee reports its shafaq, which changes Isha', () => {
    const general = prayerTimes({ ...LONDON, method: 'moonsighting-committee' });
    const abyad = prayerTimes({ ...LONDON, method: 'moonsighting-committee', shafaq: 'abyad' });
    expect(general.method.shafaq).to.equal('general');
    expect(abyad.method.shafaq).to.equal('abyad');
    expect(minutes(abyad.timings.isha)).to.be.greaterThan(minutes(general.timings.isha));
    expect(prayerTimes(LONDON).method).to.not.have.property('shafaq');
  });

  it('user adjustments add to the method offsets, from an object or the query form', () => {
    const plain = prayerTimes(LONDON).timings;
    for (const adjustments of [{ fajr: 2, isha: -1 }, 'fajr:2, isha:-1']) {
      const adjusted = prayerTimes({ ...LONDON, adjustments }).timings;
      expect(minutes(adjusted.fajr) - minutes(plain.fajr)).to.equal(2);
      expect(minutes(adjusted.isha) - minutes(plain.isha)).to.equal(-1);
      expect(adjusted.dhuhr).to.equal(plain.dhuhr);
    }
  });

  it('hanafi Asr is later than shafi Asr', () => {
    const shafi = prayerTimes(LONDON);
    const hanafi = prayerTimes({ ...LONDON, madhab: 'hanafi' });
    expect(hanafi.madhab).to.equal('hanafi');
    expect(minutes(hanafi.timings.asr)).to.be.greaterThan(minutes(shafi.timings.asr) + 30);
  });
});
