import { expect } from 'chai';
import { ALTERNATE_NAMES_FROM_POPULATION, GEONAMES_CITIES, readGeoNamesCities } from '../src/index.js';

/** A line of GeoNames' dump format (19 tab-separated fields), of a visibly synthetic place. */
const line = (id: number, name: string, alternates: string, population: number, country = 'ZZ') =>
  [id, name, name.normalize('NFKD').replace(/\p{M}/gu, ''), alternates, '40.5', '49.5', 'P', 'PPL', country]
    .concat(['', '01', '', '', '', String(population), '', '-20', 'Asia/Baku', '2023-01-01'])
    .join('\t');

describe('sources: GeoNames cities dump', () => {
  it('reads every place, with alternate names only for places of at least the threshold', () => {
    const dump = Buffer.from(
      [
        line(1, 'Synthabad', 'Synthabád,Синтабад', ALTERNATE_NAMES_FROM_POPULATION),
        line(2, 'Smallsynth', 'Smallsynthia', ALTERNATE_NAMES_FROM_POPULATION - 1),
        'not\ta\tplace',
        line(3, 'Nolat', '', 10).replace('40.5', 'x'),
        '',
      ].join('\n'),
    );
    const records = [...readGeoNamesCities(dump)];
    expect(records).to.deep.equal([
      {
        name: 'Synthabad',
        country: 'ZZ',
        geonameId: 1,
        population: ALTERNATE_NAMES_FROM_POPULATION,
        lat: 40.5,
        lng: 49.5,
        otherNames: ['Synthabad', 'Synthabád', 'Синтабад'],
      },
      {
        name: 'Smallsynth',
        country: 'ZZ',
        geonameId: 2,
        population: ALTERNATE_NAMES_FROM_POPULATION - 1,
        lat: 40.5,
        lng: 49.5,
        otherNames: ['Smallsynth'],
      },
    ]);
  });

  it('credits GeoNames under CC BY 4.0', () => {
    expect(GEONAMES_CITIES.credit).to.contain('GeoNames').and.contain('CC BY 4.0');
    expect(GEONAMES_CITIES.licence).to.equal('CC-BY-4.0');
  });
});
