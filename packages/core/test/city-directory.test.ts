import { expect } from 'chai';
import { cityNameKey, indexCities, resolvePlace, type CityRecord } from '../src/index.js';

/** Visibly synthetic places: the index is tested apart from the GeoNames data (which the HTTP tests use). */
const place = (geonameId: number, name: string, country: string, population: number, otherNames: string[] = []) =>
  ({
    geonameId,
    name,
    country,
    population,
    lat: geonameId / 1000,
    lng: -geonameId / 1000,
    otherNames,
  }) satisfies CityRecord;

const RECORDS = [
  place(1, 'Testabad', 'AZ', 1_000_000, ['Testabád', 'Тестабад', 'TESTABAD']),
  place(2, 'Testabad', 'TR', 5_000),
  place(3, 'Testville', 'TR', 50_000),
  place(4, 'Sample-on-Sea', 'GB', 2_000, ['Sample on Sea']),
  place(5, 'Çamlıtest', 'TR', 9_000),
];

describe('core: the city directory (CONTRACT §19 places by name)', () => {
  const cities = indexCities(RECORDS, 'Synthetic places, for tests');

  it('finds a city by name or alternate name, case-, accent- and script-insensitively, the most populous first', () => {
    for (const name of ['Testabad', 'testabad', 'TESTABÁD', 'Тестабад', ' testabad '])
      expect(cities.find(name)?.geonameId, name).to.equal(1);
    expect(cities.find('Testabad', 'tr')?.geonameId).to.equal(2);
    expect(cities.find('Testabad', 'GB')).to.equal(null);
    expect(cities.find('Sample on Sea')?.geonameId).to.equal(4);
    expect(cities.find('camlitest')?.geonameId).to.equal(5);
    expect(cities.find('Nowhere')).to.equal(null);
    expect(cities.find('')).to.equal(null);
  });

  it('searches by prefix, most populous first, each city once, within country and limit', () => {
    expect(cities.search('test', { limit: 10 }).map((city) => city.geonameId)).to.deep.equal([1, 3, 2]);
    expect(cities.search('te', { limit: 2 }).map((city) => city.geonameId)).to.deep.equal([1, 3]);
    expect(cities.search('TESTV', { limit: 10 }).map((city) => city.geonameId)).to.deep.equal([3]);
    expect(cities.search('test', { country: 'tr', limit: 10 }).map((city) => city.geonameId)).to.deep.equal([3, 2]);
    expect(cities.search('zzz', { limit: 10 })).to.deep.equal([]);
    expect(cities.search('  ', { limit: 10 })).to.deep.equal([]);
    const answer = cities.search('testabad', { limit: 1 })[0]!;
    expect(answer).to.deep.equal({
      geonameId: 1,
      name: 'Testabad',
      country: 'AZ',
      population: 1_000_000,
      lat: 0.001,
      lng: -0.001,
      credit: 'Synthetic places, for tests',
    });
  });

  it('resolves a place by coordinates or by city, refusing mixed or missing places naming the parameter', () => {
    expect(resolvePlace({ lat: 1, lng: 2 }, cities)).to.deep.equal({ lat: 1, lng: 2, city: null });
    expect(resolvePlace({ city: 'testabad', country: 'TR' }, cities).city?.geonameId).to.equal(2);
    const refusals: [Parameters<typeof resolvePlace>[0], string][] = [
      [{ city: 'Testabad', lat: 1, lng: 2 }, 'city'],
      [{ city: 'Nowhere' }, 'city'],
      [{ country: 'AZ', lat: 1, lng: 2 }, 'country'],
      [{ lng: 2 }, 'lat'],
      [{ lat: 1 }, 'lng'],
    ];
    for (const [query, parameter] of refusals)
      expect(() => resolvePlace(query, cities))
        .to.throw()
        .with.property('parameters')
        .that.deep.equals([parameter]);
    expect(() => resolvePlace({ city: 'Testabad' }, undefined)).to.throw(/no city directory/);
  });
});

describe('core: city name keys', () => {
  it('gives plain ASCII names the key the full folding gives them', async () => {
    const { cityKey } = await import('../src/mosques/text-folding.js');
    for (const name of ['Baku', ' Kuala  Lumpur ', 'SAN 2 JOSE', '', '  ', 'abc123'])
      expect(cityNameKey(name), JSON.stringify(name)).to.equal(cityKey(name));
    expect(cityNameKey('Bakı')).to.equal('baki');
    expect(cityNameKey('Gəncə')).to.equal('gence');
  });
});
