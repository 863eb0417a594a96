import { checkedSchedule, localInstant, osmMosqueFields, readOsmFile, type OsmElement } from '@islamic-data/core';
import { expect } from 'chai';

const AT = '2026-03-01T00:00:00.000Z';
const LONDON = { lat: 51.5, lng: -0.12 };

const parametersOf = (run: () => unknown): readonly string[] => {
  try {
    run();
  } catch (error) {
    return (error as { parameters?: readonly string[] }).parameters ?? ['(not a ParameterError)'];
  }
  return [];
};

describe('core: mosque schedules (CONTRACT §20)', () => {
  it('fills the defaults of /prayer-times, stores a method by its slug, and sorts Jumu‘ah', () => {
    expect(checkedSchedule({ method: 3, jumuah: ['14:00', '13:00'] }, LONDON, AT)).to.deep.equal({
      method: 'muslim-world-league',
      madhab: 'shafi',
      highLatitudeRule: null,
      adjustments: {},
      hijriAdjustment: 0,
      iqama: { fajr: null, dhuhr: null, asr: null, maghrib: null, isha: null },
      jumuah: ['13:00', '14:00'],
      updatedAt: AT,
    });
    expect(checkedSchedule({ method: 'auto' }, LONDON, AT).method).to.equal('auto');
  });

  it('names the bad field of a schedule', () => {
    const cases: [unknown, string][] = [
      [{ iqama: { fajr: { after: 181 } } }, 'iqama.fajr.after'],
      [{ iqama: { fajr: { after: 1.5 } } }, 'iqama.fajr.after'],
      [{ iqama: { isha: { at: '24:00' } } }, 'iqama.isha.at'],
      [{ iqama: { isha: { at: '20:30', after: 1 } } }, 'iqama.isha'],
      [{ iqama: { isha: 'soon' } }, 'iqama.isha'],
      [{ jumuah: ['13:00', '13:00'] }, 'jumuah'],
      [{ jumuah: ['13.00'] }, 'jumuah.0'],
      [{ method: 'custom' }, 'method'],
      [{ method: 'test-method' }, 'method'],
      [{ madhab: 'test' }, 'madhab'],
      [{ highLatitudeRule: 'test' }, 'highLatitudeRule'],
      [{ adjustments: { fajr: 121 } }, 'adjustments'],
      [{ hijriAdjustment: 5 }, 'hijriAdjustment'],
    ];
    for (const [input, field] of cases)
      expect(
        parametersOf(() => checkedSchedule(input as never, LONDON, AT)),
        JSON.stringify(input),
      ).to.deep.equal([field]);
  });

  it('reads a local time on the day of a clock change: before, after, and in the hour that does not exist', () => {
    expect(localInstant({ year: 2026, month: 3, day: 28 }, '20:30', 'Europe/London').toISOString()).to.equal(
      '2026-03-28T20:30:00.000Z',
    );
    expect(localInstant({ year: 2026, month: 3, day: 29 }, '20:30', 'Europe/London').toISOString()).to.equal(
      '2026-03-29T19:30:00.000Z',
    );
    // 01:30 does not exist in London on 2026-03-29: the later reading, 02:30 BST.
    expect(localInstant({ year: 2026, month: 3, day: 29 }, '01:30', 'Europe/London').toISOString()).to.equal(
      '2026-03-29T01:30:00.000Z',
    );
    expect(localInstant({ year: 2026, month: 10, day: 25 }, '12:00', 'Europe/London').toISOString()).to.equal(
      '2026-10-25T12:00:00.000Z',
    );
    expect(localInstant({ year: 2026, month: 1, day: 2 }, '13:00', 'Asia/Baku').toISOString()).to.equal(
      '2026-01-02T09:00:00.000Z',
    );
  });
});

describe('core: OpenStreetMap elements as mosques', () => {
  const mosqueTags = { amenity: 'place_of_worship', religion: 'muslim', name: 'Test Mosque 1' };
  const element = (overrides: Partial<OsmElement>): OsmElement => ({
    osm: 'node/1',
    lat: 40.4,
    lng: 49.8,
    tags: { ...mosqueTags, 'addr:country': 'az' },
    ...overrides,
  });
  const skipOf = (overrides: Partial<OsmElement>, country: string | null = null) => {
    const read = osmMosqueFields(element(overrides), country);
    return 'skip' in read ? read.skip : 'imported';
  };

  it('reads Overpass nodes, ways and relations by their centre, and GeoJSON points and shapes', () => {
    const overpass = readOsmFile({
      elements: [
        { type: 'node', id: 1, lat: 1, lon: 2, tags: mosqueTags },
        { type: 'way', id: 2, center: { lat: 3, lon: 4 }, tags: mosqueTags },
        { type: 'relation', id: 3, center: { lat: 5, lon: 6 } },
        { type: 'way', id: 'x' },
      ],
    });
    expect(overpass.map(({ osm, lat, lng }) => [osm, lat, lng])).to.deep.equal([
      ['node/1', 1, 2],
      ['way/2', 3, 4],
      ['relation/3', 5, 6],
      [null, undefined, undefined],
    ]);
    const geoJson = readOsmFile({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { '@id': 'node/7', ...mosqueTags },
          geometry: { type: 'Point', coordinates: [2, 1] },
        },
        {
          type: 'Feature',
          id: 'way/8',
          properties: mosqueTags,
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [10, 20],
                [12, 20],
                [12, 24],
                [10, 24],
                [10, 20],
              ],
            ],
          },
        },
      ],
    });
    expect(geoJson.map(({ osm, lat, lng }) => [osm, lat, lng])).to.deep.equal([
      ['node/7', 1, 2],
      ['way/8', 22, 11],
    ]);
    expect(() => readOsmFile({ features: [] })).to.throw(/neither an Overpass JSON answer/);
  });

  it('maps names, address, phone and website, dropping an unusable website', () => {
    const read = osmMosqueFields(
      element({
        tags: {
          ...mosqueTags,
          'name:en': 'Test Mosque One',
          'name:ar': 'مسجد الاختبار',
          'addr:housenumber': '12',
          'addr:street': 'Test Street',
          'addr:city': 'Test City',
          'addr:country': 'AZ',
          phone: '+994 00 000 0000',
          website: 'javascript:alert(1)',
        },
      }),
      null,
    );
    expect(read).to.deep.equal({
      fields: {
        nameEn: 'Test Mosque One',
        nameAr: 'مسجد الاختبار',
        addressLine1: '12 Test Street',
        city: 'Test City',
        country: 'AZ',
        lat: 40.4,
        lng: 49.8,
        denomination: null,
        phone: '+994 00 000 0000',
        website: null,
      },
    });
  });

  it('says why an element is skipped', () => {
    expect(skipOf({})).to.equal('imported');
    expect(skipOf({ osm: null })).to.equal('no-id');
    expect(skipOf({ osm: 'area/1' })).to.equal('unsupported-element');
    expect(skipOf({ tags: { ...mosqueTags, religion: 'christian' } })).to.equal('not-a-mosque');
    expect(skipOf({ lat: undefined })).to.equal('no-coordinates');
    expect(skipOf({ lat: 91 })).to.equal('bad-coordinates');
    expect(skipOf({ lng: '49.8' })).to.equal('bad-coordinates');
    expect(skipOf({ tags: { amenity: 'place_of_worship', religion: 'muslim', 'addr:country': 'AZ' } })).to.equal(
      'no-name',
    );
    expect(skipOf({ tags: { ...mosqueTags, name: 'Test\u0007' } })).to.equal('control-characters');
    expect(skipOf({ tags: { ...mosqueTags, 'addr:city': 'Test \u202e' } })).to.equal('control-characters');
    expect(skipOf({ tags: { ...mosqueTags, name: 'T'.repeat(201) } })).to.equal('too-long');
    // No addr:country: the file's default, else the country of the zone at the point (none at sea).
    expect(skipOf({ tags: mosqueTags, lat: 0, lng: -160 })).to.equal('no-country');
    expect(skipOf({ tags: mosqueTags, lat: 0, lng: -160 }, 'AZ')).to.equal('imported');
  });
});
