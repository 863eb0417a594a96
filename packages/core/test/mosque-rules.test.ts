import { expect } from 'chai';
import {
  AppError,
  ParameterError,
  COUNTRY_CODES,
  EARTH_RADIUS_KM,
  baseSlug,
  boundingBoxes,
  cityKey,
  distanceKm,
  firstFreeSlug,
  foldText,
  nameSimilarity,
  parseMosqueQuery,
  parseNear,
  searchTerms,
  slugify,
  toCountryCode,
  validateSubmission,
  type LatLng,
  type MosqueSubmission,
} from '../src/index.js';

const valid = (): MosqueSubmission => ({
  nameEn: 'Test Mosque',
  addressLine1: '1 Test Road',
  city: 'Test City',
  country: 'gb',
  submitterEmail: 'test-submitter@example.org',
});

/** The field or parameter a ParameterError names (an adapter words it: "Field 'x'", "Query parameter 'x'"). */
const namedIn = (error: AppError) => (error instanceof ParameterError ? error.parameters : []);

const errorOf = (work: () => unknown): AppError => {
  try {
    work();
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an error');
};

describe('core: mosque slugs', () => {
  it('makes lowercase ASCII words from the English name and the city', () => {
    expect(baseSlug('Test Mosque', 'London')).to.equal('test-mosque-london');
    expect(baseSlug('  Test  Cami — Ünye ', 'Köln')).to.equal('test-cami-unye-koln');
    expect(slugify('Test Straße Øst Łódź')).to.equal('test-strasse-ost-lodz');
    expect(slugify('--Test!!  ')).to.equal('test');
  });

  it('falls back to "mosque" when nothing Latin is left, and caps the length', () => {
    expect(baseSlug('مسجد', 'Москва')).to.equal('mosque');
    const long = baseSlug('Test '.repeat(40), 'City');
    expect(long.length).to.be.at.most(80);
    expect(long).to.match(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('de-duplicates with -2, -3, …', () => {
    expect(firstFreeSlug('test', [])).to.equal('test');
    expect(firstFreeSlug('test', ['test'])).to.equal('test-2');
    expect(firstFreeSlug('test', ['test', 'test-2', 'test-annex'])).to.equal('test-3');
    expect(firstFreeSlug('test', ['test-2'])).to.equal('test');
  });
});

describe('core: ISO 3166-1 alpha-2 codes', () => {
  it('holds the 249 assigned codes, each one a region Intl can name', () => {
    expect(COUNTRY_CODES).to.have.length(249);
    expect(new Set(COUNTRY_CODES).size).to.equal(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const code of COUNTRY_CODES) expect(names.of(code), code).to.be.a('string').and.not.equal(code);
  });

  it('accepts any case and returns upper case; refuses unassigned or reserved codes', () => {
    expect(toCountryCode('gb')).to.equal('GB');
    expect(toCountryCode(' Tr ')).to.equal('TR');
    for (const code of ['XX', 'UK', 'EU', 'ZZ', 'G', 'GBR', '']) expect(toCountryCode(code), code).to.equal(undefined);
  });
});

describe('core: mosque submission validation', () => {
  it('accepts the five required fields, trims them and stores the country upper-case', () => {
    const result = validateSubmission({ ...valid(), nameEn: '  Test Mosque  ' });
    expect(result).to.include({
      nameEn: 'Test Mosque',
      country: 'GB',
      lat: null,
      lng: null,
      nameAr: null,
      website: null,
    });
    expect(result.languages).to.deep.equal([]);
  });

  it('accepts every optional field and turns empty ones into null', () => {
    const result = validateSubmission({
      ...valid(),
      nameAr: 'مسجد الاختبار',
      denomination: '',
      phone: '+44 (20) 0000-0000',
      website: 'https://example.org/test',
      email: 'test@example.org',
      description: 'Synthetic.',
      languages: ['en', 'ar', 'en'],
      lat: -33.5,
      lng: 151.2,
    });
    expect(result).to.include({ denomination: null, phone: '+44 (20) 0000-0000', lat: -33.5, lng: 151.2 });
    expect(result.languages).to.deep.equal(['en', 'ar']);
  });

  const cases: [string, Partial<Record<keyof MosqueSubmission, unknown>>, string][] = [
    ['missing nameEn', { nameEn: undefined }, 'nameEn'],
    ['blank addressLine1', { addressLine1: '   ' }, 'addressLine1'],
    ['missing city', { city: null }, 'city'],
    ['missing submitterEmail', { submitterEmail: undefined }, 'submitterEmail'],
    ['unknown country', { country: 'XX' }, 'country'],
    ['alpha-3 country', { country: 'GBR' }, 'country'],
    ['bad phone', { phone: 'call us' }, 'phone'],
    ['upper-case language', { languages: ['EN'] }, 'languages'],
    ['languages not an array', { languages: 'en' }, 'languages'],
    ['too long nameEn', { nameEn: 'x'.repeat(201) }, 'nameEn'],
    ['too long description', { description: 'x'.repeat(5001) }, 'description'],
    ['lat without lng', { lat: 10 }, 'lng'],
    ['lat out of range', { lat: 91, lng: 0 }, 'lat'],
    ['lng out of range', { lat: 0, lng: -180.5 }, 'lng'],
    ['nameEn of the wrong type', { nameEn: 42 }, 'nameEn'],
  ];
  for (const [name, change, field] of cases) {
    it(`refuses ${name}, naming '${field}'`, () => {
      const error = errorOf(() => validateSubmission({ ...valid(), ...change } as MosqueSubmission));
      expect(error.code).to.equal('VALIDATION_ERROR');
      expect(namedIn(error)).to.include(field);
    });
  }
});

describe('core: mosque list queries', () => {
  it('parses near with a default radius of 25 km', () => {
    expect(parseNear('51.5,-0.12')).to.deep.equal({ lat: 51.5, lng: -0.12, radiusKm: 25 });
    expect(parseNear(' 51.5 , -0.12 , 500 ')).to.deep.equal({ lat: 51.5, lng: -0.12, radiusKm: 500 });
    expect(parseNear('-90,180,0.1')).to.deep.equal({ lat: -90, lng: 180, radiusKm: 0.1 });
  });

  for (const near of [
    '51.5,-0.12,0',
    '51.5,-0.12,501',
    '51.5,-0.12,-1',
    '51.5',
    '51.5,-0.12,1,2',
    'a,b',
    '91,0',
    '0,181',
    '1e2,0',
    '51.5,,1',
    '',
    'NaN,0',
    'Infinity,0,1',
  ]) {
    it(`refuses near=${near} naming 'near'`, () => {
      const error = errorOf(() => parseNear(near));
      expect(error.code).to.equal('VALIDATION_ERROR');
      expect(namedIn(error)).to.deep.equal(['near']);
    });
  }

  it('checks country, city, q and limit', () => {
    expect(parseMosqueQuery({ country: 'tr', city: 'İSTANBUL', q: 'Café  café test' })).to.deep.equal({
      limit: 20,
      country: 'TR',
      city: 'istanbul',
      terms: ['cafe', 'test'],
    });
    for (const [query, field] of [
      [{ country: 'XX' }, 'country'],
      [{ city: ' - ' }, 'city'],
      [{ q: '!!!' }, 'q'],
      [{ q: 'a b c d e f g h i j k' }, 'q'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 1.5 }, 'limit'],
    ] as const) {
      expect(namedIn(errorOf(() => parseMosqueQuery(query))), JSON.stringify(query)).to.deep.equal([field]);
    }
  });

  it('folds text the same way for indexing and searching', () => {
    expect(foldText('مَسْجِدُ الاِخْتِبَارِ')).to.equal('مسجد الاختبار');
    expect(foldText('أحمد إمام آمن ٱلـعلم')).to.equal('احمد امام امن العلم');
    expect(searchTerms('  Café, "quoted" OR near*  ')).to.deep.equal(['cafe', 'quoted', 'or', 'near']);
    expect(cityKey('Saint-Denis')).to.equal(cityKey('saint denis'));
    expect(cityKey('São Paulo')).to.equal('sao paulo');
  });
});

describe('core: bounding boxes for a radius', () => {
  /** The point at `distance` km from `start` on the initial `bearing` (degrees), on the same sphere as distanceKm. */
  function destination(start: LatLng, bearing: number, distance: number): LatLng {
    const rad = Math.PI / 180;
    const delta = distance / EARTH_RADIUS_KM;
    const phi1 = start.lat * rad;
    const theta = bearing * rad;
    const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta));
    const lambda2 =
      start.lng * rad +
      Math.atan2(Math.sin(theta) * Math.sin(delta) * Math.cos(phi1), Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2));
    const lng = ((((lambda2 / rad + 540) % 360) + 360) % 360) - 180;
    return { lat: phi2 / rad, lng };
  }
  const inside = (point: LatLng, boxes: ReturnType<typeof boundingBoxes>) =>
    boxes.some(
      (box) => point.lat >= box.minLat && point.lat <= box.maxLat && point.lng >= box.minLng && point.lng <= box.maxLng,
    );

  it('contains every point of the circle, at the antimeridian and the poles too', () => {
    const centres = [
      { lat: 0, lng: 0 },
      { lat: 51.5, lng: -0.12 },
      { lat: -17, lng: 179.9 },
      { lat: 65, lng: -179.99 },
      { lat: 89.5, lng: 10 },
      { lat: -89.99, lng: -45 },
      { lat: 85, lng: 180 },
      { lat: -60, lng: -180 },
    ];
    let checked = 0;
    for (const centre of centres) {
      for (const radiusKm of [0.1, 25, 100, 500]) {
        const boxes = boundingBoxes(centre, radiusKm);
        for (let bearing = 0; bearing < 360; bearing += 2.5) {
          for (const fraction of [0.5, 0.999999]) {
            const point = destination(centre, bearing, radiusKm * fraction);
            expect(distanceKm(centre, point)).to.be.at.most(radiusKm);
            expect(inside(point, boxes), `${JSON.stringify(centre)} r=${radiusKm} bearing=${bearing}`).to.equal(true);
            checked++;
          }
        }
      }
    }
    expect(checked).to.equal(8 * 4 * 144 * 2);
  });

  it('uses the Earth radius of distanceKm (the SQLite adapter computes distances with it too)', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).to.be.closeTo(Math.PI * EARTH_RADIUS_KM, 1e-9);
  });

  it('stays tight: two boxes across the antimeridian, a full band only at a pole', () => {
    const london = boundingBoxes({ lat: 51.5, lng: -0.12 }, 25);
    expect(london).to.have.length(1);
    expect(london[0]!.maxLat - london[0]!.minLat).to.be.closeTo(0.45, 0.01);
    expect(london[0]!.maxLng - london[0]!.minLng).to.be.closeTo(0.72, 0.01);
    const fiji = boundingBoxes({ lat: -17, lng: 179.9 }, 25);
    expect(fiji).to.have.length(2);
    expect(fiji.map((box) => [box.minLng, box.maxLng].map((v) => Math.round(v * 10) / 10))).to.deep.equal([
      [179.7, 180],
      [-180, -179.9],
    ]);
    const pole = boundingBoxes({ lat: 89.9, lng: 0 }, 25);
    expect(pole).to.deep.equal([{ minLat: pole[0]!.minLat, maxLat: 90, minLng: -180, maxLng: 180 }]);
  });
});

describe('core: mosque name similarity', () => {
  it('ignores generic words and case, and scores shared words', () => {
    expect(nameSimilarity('Test Mosque 12', 'test masjid 12')).to.equal(1);
    expect(nameSimilarity('Test Mosque 12', 'Test Mosque 13')).to.be.below(0.5);
    expect(nameSimilarity('Test Alpha Beta Mosque', 'Test Alpha Mosque')).to.be.at.least(0.5);
    expect(nameSimilarity('The Mosque', 'Masjid')).to.equal(1);
    expect(nameSimilarity('Test Mosque Alpha', 'Other Beta')).to.equal(0);
    expect(nameSimilarity('مَسْجِدُ الاختبار', 'مسجد الاخْتبار')).to.equal(1);
  });
});
