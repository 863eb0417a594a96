import { expect } from 'chai';
import { AppError, KAABA, qibla } from '../src/index.js';

/** Published great-circle Qibla bearings (degrees from true north), e.g. as listed by qiblafinder tools. */
const PUBLISHED_BEARINGS = [
  { city: 'New York', lat: 40.7128, lng: -74.006, bearing: 58.48 },
  { city: 'London', lat: 51.5074, lng: -0.1278, bearing: 118.99 },
  { city: 'Jakarta', lat: -6.2088, lng: 106.8456, bearing: 295.15 },
  { city: 'Sydney', lat: -33.8688, lng: 151.2093, bearing: 277.5 },
  { city: 'Cape Town', lat: -33.9249, lng: 18.4241, bearing: 23.4 },
  { city: 'Tokyo', lat: 35.6762, lng: 139.6503, bearing: 293.02 },
];

describe('core: qibla', () => {
  for (const { city, lat, lng, bearing } of PUBLISHED_BEARINGS) {
    it(`${city}: within 0.1° of the published bearing ${bearing}`, () => {
      expect(qibla({ lat, lng }).bearing).to.be.closeTo(bearing, 0.1);
    });
  }

  it('is 0 with distance 0 at the Kaaba itself', () => {
    const result = qibla(KAABA);
    expect(result.bearing).to.equal(0);
    expect(result.distanceKm).to.equal(0);
  });

  it('gives the great-circle distance from New York (about 10,300 km)', () => {
    expect(qibla({ lat: 40.7128, lng: -74.006 }).distanceKm).to.be.closeTo(10300, 30);
  });

  it('rejects a latitude out of range, naming it', () => {
    expect(() => qibla({ lat: 91, lng: 0 }))
      .to.throw(AppError, /lat/)
      .with.property('code', 'VALIDATION_ERROR');
  });

  it('rejects a longitude that is not a number, naming it', () => {
    expect(() => qibla({ lat: 0, lng: Number.NaN })).to.throw(AppError, /lng/);
  });
});
