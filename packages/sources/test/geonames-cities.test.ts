import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ALTERNATE_NAMES_FROM_POPULATION,
  GEONAMES_CITIES,
  geoNamesCityDirectory,
  readGeoNamesCities,
  readGeoNamesCityFile,
} from '../src/index.js';

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

  describe('read from a file and indexed in a worker thread', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'geonames-'));
    const dump = [
      line(10, 'Synthabad', 'Synthabád,Синтабад', 2_000_000, 'AZ'),
      line(11, 'Synthville', '', 700, 'TR'),
      line(12, 'Synthabad', '', 900, 'TR'),
      line(13, 'Long' + 'a'.repeat(3_000), '', 600),
    ].join('\n');
    const file = path.join(folder, 'cities500.txt');
    writeFileSync(file, dump);
    after(() => rmSync(folder, { recursive: true, force: true }));

    it('reads the same records a chunk at a time as from the whole file, lines across chunks', () => {
      const whole = [...readGeoNamesCities(Buffer.from(dump))];
      expect(whole).to.have.length(4);
      for (const chunkBytes of [7, 100, 1 << 20])
        expect([...readGeoNamesCityFile(file, chunkBytes)]).to.deep.equal(whole);
    });

    it('answers after ready() (built in a worker), or at once in this thread when asked before', async () => {
      const cities = geoNamesCityDirectory(file);
      await cities.ready();
      expect(cities.find('Синтабад')).to.include({ geonameId: 10, country: 'AZ', credit: GEONAMES_CITIES.credit });
      expect(cities.find('synthabad', 'TR')?.geonameId).to.equal(12);
      expect(cities.search('synth', { limit: 10 }).map((city) => city.geonameId)).to.deep.equal([10, 12, 11]);
      const here = geoNamesCityDirectory(file.replace(/cities500\.txt$/, './cities500.txt'));
      expect(here.find('Synthville')?.geonameId).to.equal(11);
      await here.ready();
    });

    it('refuses to be ready over a file that is not there (no hang, no empty directory)', async () => {
      const error = await geoNamesCityDirectory(path.join(folder, 'none.txt'))
        .ready()
        .then(
          () => null,
          (reason: unknown) => reason,
        );
      expect(error).to.have.property('code', 'ENOENT');
    });
  });

  it('credits GeoNames under CC BY 4.0', () => {
    expect(GEONAMES_CITIES.credit).to.contain('GeoNames').and.contain('CC BY 4.0');
    expect(GEONAMES_CITIES.licence).to.equal('CC-BY-4.0');
  });
});
