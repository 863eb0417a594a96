import { expect } from 'chai';
import { AUTO_METHOD_ID, canonicalTimeZone, COUNTRY_METHODS, listMethods, prayerTimes } from '../src/index.js';
import { ZONES_WITH_COUNTRY } from '../src/prayer-times/zone-countries.js';

/** Cities across the table (coordinates of their centres), with the method each country's authority uses. */
const CITIES = [
  { city: 'Istanbul', lat: 41.0082, lng: 28.9784, method: 'turkey', country: 'TR' },
  { city: 'Makkah', lat: 21.4225, lng: 39.8262, method: 'umm-al-qura', country: 'SA' },
  { city: 'New York', lat: 40.7128, lng: -74.006, method: 'north-america', country: 'US' },
  { city: 'Toronto', lat: 43.6532, lng: -79.3832, method: 'north-america', country: 'CA' },
  { city: 'Cairo', lat: 30.0444, lng: 31.2357, method: 'egyptian', country: 'EG' },
  { city: 'Karachi', lat: 24.8607, lng: 67.0011, method: 'karachi', country: 'PK' },
  { city: 'Dhaka', lat: 23.8103, lng: 90.4125, method: 'karachi', country: 'BD' },
  { city: 'Kuala Lumpur', lat: 3.139, lng: 101.6869, method: 'jakim', country: 'MY' },
  { city: 'Kuching', lat: 1.5535, lng: 110.3593, method: 'jakim', country: 'MY' },
  { city: 'Jakarta', lat: -6.2088, lng: 106.8456, method: 'kemenag', country: 'ID' },
  { city: 'Makassar', lat: -5.1477, lng: 119.4327, method: 'kemenag', country: 'ID' },
  { city: 'Singapore', lat: 1.2903, lng: 103.8519, method: 'singapore', country: 'SG' },
  { city: 'Paris', lat: 48.8566, lng: 2.3522, method: 'france', country: 'FR' },
  { city: 'Kazan', lat: 55.7961, lng: 49.1064, method: 'russia', country: 'RU' },
  { city: 'Dubai', lat: 25.2048, lng: 55.2708, method: 'dubai', country: 'AE' },
  { city: 'Kuwait City', lat: 29.3759, lng: 47.9774, method: 'kuwait', country: 'KW' },
  { city: 'Doha', lat: 25.2854, lng: 51.531, method: 'qatar', country: 'QA' },
  { city: 'Manama', lat: 26.2285, lng: 50.586, method: 'gulf', country: 'BH' },
  { city: 'Tehran', lat: 35.6892, lng: 51.389, method: 'tehran', country: 'IR' },
  { city: 'Casablanca', lat: 33.5731, lng: -7.5898, method: 'morocco', country: 'MA' },
  { city: 'Amman', lat: 31.9539, lng: 35.9106, method: 'jordan', country: 'JO' },
] as const;

const choose = (lat: number, lng: number) =>
  prayerTimes({ lat, lng, date: '2026-06-10', method: AUTO_METHOD_ID }).method;

describe('core: method=auto (the method of the country at the point)', () => {
  for (const { city, lat, lng, method, country } of CITIES) {
    it(`${city}: ${method}, chosen by country ${country}`, () => {
      expect(choose(lat, lng)).to.include({ id: method, chosenBy: 'country', country });
    });
  }

  it('a country without an entry (London) gets the Muslim World League, chosen by default', () => {
    expect(choose(51.5074, -0.1278)).to.include({ id: 'muslim-world-league', chosenBy: 'default', country: null });
  });

  it('a point at sea (mid-Atlantic, mid-Pacific) gets the Muslim World League, chosen by default', () => {
    expect(choose(0, -30)).to.include({ id: 'muslim-world-league', chosenBy: 'default', country: null });
    expect(choose(-20, -140)).to.include({ id: 'muslim-world-league', chosenBy: 'default', country: null });
  });

  it('the chosen method is applied, not only named: the times equal those of the method asked for by name', () => {
    const auto = prayerTimes({ lat: 41.0082, lng: 28.9784, date: '2026-06-10', method: 'auto' });
    const named = prayerTimes({ lat: 41.0082, lng: 28.9784, date: '2026-06-10', method: 'turkey' });
    expect(auto.timings).to.deep.equal(named.timings);
    expect(named.method).to.not.have.any.keys('chosenBy', 'country');
  });

  it('every method in the table exists and every zone in the zone table is a real IANA zone', () => {
    const slugs = listMethods().map((method) => method.id);
    for (const method of Object.values(COUNTRY_METHODS)) expect(slugs).to.include(method);
    for (const zone of ZONES_WITH_COUNTRY) expect(canonicalTimeZone(zone), zone).to.not.equal(undefined);
  });

  it('an explicit timezone does not change the choice, which follows the coordinates', () => {
    const method = prayerTimes({
      lat: 21.4225,
      lng: 39.8262,
      date: '2026-06-10',
      method: 'auto',
      timezone: 'UTC',
    }).method;
    expect(method).to.include({ id: 'umm-al-qura', country: 'SA' });
  });

  it('custom angles are still refused with auto, naming the angle', () => {
    expect(() => prayerTimes({ lat: 1, lng: 1, method: 'auto', fajrAngle: 18 })).to.throw(/^fajrAngle /);
  });
});
