import { importHadithCollection, importQuran } from '@islamic-data/core';
import { aHadithSource, aMosqueSubmission, aSyntheticQuranSource } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

/** Issue 26, point 7: no control character or bidi override is stored from a user, in any text field. */
describe('http: text with control characters or bidi overrides is refused in every field', () => {
  let t: TestApp;
  let writer: string;
  const AYAH = '/api/v1/quran/surahs/1/ayahs/1';
  const HADITH = '/api/v1/hadith/collections/test-unsafe/hadiths/1';

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    await importQuran(t.deps, aSyntheticQuranSource({ languages: ['en'] }));
    await importHadithCollection(t.deps, aHadithSource(2, { slug: 'test-unsafe' }));
    ({ key: writer } = await t.issueKey({
      name: 'Test writer',
      scopes: ['quran', 'hadith', 'mosques'],
      permissions: ['read', 'write'],
    }));
  });
  after(async () => t.close());

  const send = (method: 'put' | 'patch' | 'post', path: string, body: object) =>
    request(t.app)[method](path).set('X-API-Key', writer).send(body);
  const auditCount = async () => (await t.deps.stores.audit.list()).length;

  /** Characters that can act on a terminal or reorder what is shown: ESC, BEL, DEL, a C1 CSI, RLO, LRI, PDI. */
  const UNSAFE = ['\u001b[2J', '\u0007', '\u007f', '\u009b31m', '\u202e', '\u2066', '\u2069', '\u0000'];

  const cases: [string, 'put' | 'patch' | 'post', string, (bad: string) => object, string][] = [
    ['an ayah translation', 'put', `${AYAH}/translations/tr`, (bad) => ({ text: `Test ${bad}` }), 'text'],
    ['an ayah note', 'patch', AYAH, (bad) => ({ notes: `Test ${bad}` }), 'notes'],
    ['an ayah tag', 'patch', AYAH, (bad) => ({ tags: ['test', `tag${bad}`] }), 'tags'],
    ['a hadith translation', 'put', `${HADITH}/translations/tr`, (bad) => ({ text: `Test ${bad}` }), 'text'],
    ['a hadith narrator', 'patch', HADITH, (bad) => ({ narrator: `Test ${bad}` }), 'narrator'],
    ['a hadith grade', 'patch', HADITH, (bad) => ({ grade: `Test ${bad}` }), 'grade'],
    ['a mosque name', 'post', '/api/v1/mosques', (bad) => aMosqueSubmission({ nameEn: `Test ${bad}` }), 'nameEn'],
    ['a mosque city', 'post', '/api/v1/mosques', (bad) => aMosqueSubmission({ city: `Test ${bad}` }), 'city'],
    [
      'a mosque description',
      'post',
      '/api/v1/mosques',
      (bad) => aMosqueSubmission({ description: `Test ${bad}` }),
      'description',
    ],
  ];
  for (const [what, method, path, body, field] of cases) {
    it(`refuses ${what} holding any of them with a 400 naming '${field}', storing nothing`, async () => {
      const before = await auditCount();
      for (const bad of UNSAFE) {
        const response = await send(method, path, body(bad));
        expect(response.status, `${JSON.stringify(bad)}: ${response.text}`).to.equal(400);
        expect(response.body.error.code).to.equal('VALIDATION_ERROR');
        expect(response.body.error.message).to.contain(`'${field}'`).and.contain('control characters');
      }
      expect(await auditCount()).to.equal(before);
    });
  }

  it('refuses a line break in one-line fields, and takes it where a field may span lines', async () => {
    expect((await send('post', '/api/v1/mosques', aMosqueSubmission({ nameEn: 'Test\nname' }))).status).to.equal(400);
    expect((await send('patch', HADITH, { grade: 'Test\tgrade' })).status).to.equal(400);
    const paragraphs = 'Test line one\nline two\r\n\tindented, with a right-to-left mark \u200f and ALM \u061c';
    expect((await send('put', `${AYAH}/translations/tr`, { text: paragraphs })).status).to.equal(201);
    expect((await send('patch', AYAH, { notes: paragraphs })).status).to.equal(200);
    const submitted = await send('post', '/api/v1/mosques', aMosqueSubmission({ description: paragraphs }));
    expect(submitted.status, submitted.text).to.equal(202);
  });
});
