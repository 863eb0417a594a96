import { expect } from 'chai';
import { RouteTable } from './route-table.js';

describe('http pipeline: the route table (the route matched once)', () => {
  const table = new RouteTable<string>();
  table.add('GET', '/health', 'health');
  table.add('GET', '/api/v1/quran/surahs/{surah}', 'surah');
  table.add('PUT', '/api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}', 'put translation');
  table.add('DELETE', '/api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}', 'delete translation');
  table.add('GET', '/api/v1/quran/sajdas', 'sajdas');

  it('matches static segments without regard to case, with one trailing slash or none', () => {
    for (const path of ['/health', '/Health', '/HEALTH/', '/api/v1/QURAN/sajdas/'])
      expect(table.match('GET', path).kind, path).to.equal('found');
    for (const path of ['/health//', '/healthz', '/api/v1/quran', '/'])
      expect(table.match('GET', path).kind, path).to.equal('not-found');
  });

  it('gives the template, each parameter decoded (as sent otherwise, case kept), and answers HEAD with GET', () => {
    const match = table.match('HEAD', '/api/v1/quran/surahs/%31');
    expect(match).to.deep.equal({
      kind: 'found',
      target: 'surah',
      path: '/api/v1/quran/surahs/{surah}',
      params: { surah: '1' },
      undecodable: null,
    });
    const put = table.match('PUT', '/api/v1/quran/surahs/2/ayahs/255/translations/en-GB');
    expect(put).to.deep.include({ target: 'put translation', params: { surah: '2', ayah: '255', locale: 'en-GB' } });
  });

  it('names the first parameter that is not valid percent-encoded UTF-8, keeping it as sent', () => {
    const match = table.match('PUT', '/api/v1/quran/surahs/%ZZ/ayahs/1/translations/%C0%AE');
    expect(match).to.deep.include({ kind: 'found', undecodable: 'surah' });
    expect(match.kind === 'found' && match.params).to.deep.equal({ surah: '%ZZ', ayah: '1', locale: '%C0%AE' });
  });

  it('tells a known path asked with another method from an unknown path, naming the methods for Allow', () => {
    const match = table.match('POST', '/api/v1/quran/surahs/1/ayahs/1/translations/en');
    expect(match).to.deep.equal({
      kind: 'method-not-allowed',
      path: '/api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}',
      allowed: ['PUT', 'DELETE', 'OPTIONS'],
      targets: ['put translation', 'delete translation'],
    });
    expect(table.match('DELETE', '/health')).to.deep.include({ allowed: ['GET', 'HEAD', 'OPTIONS'] });
    expect(table.match('GET', '/api/v1/quran/surahs/1/ayahs').kind).to.equal('not-found');
  });

  it('takes no empty segment as a parameter', () => {
    expect(table.match('GET', '/api/v1/quran/surahs/').kind).to.equal('not-found');
    expect(table.match('PUT', '/api/v1/quran/surahs//ayahs/1/translations/en').kind).to.equal('not-found');
  });

  it('routes a method to the first path that has it, as Express did, and answers 405 only when none has it', () => {
    const overlapping = new RouteTable<string>();
    overlapping.add('GET', '/probe/{a}', 'param');
    overlapping.add('POST', '/probe/static', 'static');
    expect(overlapping.match('GET', '/probe/static')).to.deep.include({ target: 'param', params: { a: 'static' } });
    expect(overlapping.match('POST', '/probe/static')).to.deep.include({ target: 'static', params: {} });
    expect(overlapping.match('DELETE', '/probe/static')).to.deep.include({
      kind: 'method-not-allowed',
      allowed: ['POST', 'GET', 'HEAD', 'OPTIONS'],
    });
  });

  it('refuses a path that names the parameters of one of the same shape otherwise', () => {
    const table2 = new RouteTable<string>();
    table2.add('GET', '/probe/{id}', 'get');
    expect(() => table2.add('DELETE', '/probe/{name}', 'delete')).to.throw(/names the parameters of \/probe\/\{id\}/);
  });

  it('refuses a second route for the same method and path, and lists every operation once', () => {
    expect(() => table.add('GET', '/api/v1/quran/surahs/{surah}', 'again')).to.throw(/Two routes for GET/);
    expect(table.operations()).to.deep.equal([
      'GET /health',
      'GET /api/v1/quran/surahs/{surah}',
      'PUT /api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}',
      'DELETE /api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}',
      'GET /api/v1/quran/sajdas',
    ]);
  });
});
