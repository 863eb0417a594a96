import { approveMosque, type MosqueRecord } from '@islamic-data/core';
import { aMosqueSubmission, bruteForceNear, generateMosques, seededRandom } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

describe('http: mosques', () => {
  let t: TestApp;
  let reader: string;
  let writer: string;
  /** Every raw response body of a mosque route, to check that no submitter e-mail ever left. */
  const bodies: string[] = [];
  const submitterEmails: string[] = [];

  before(async () => {
    t = await startTestApp({ rateLimitPerMinute: 1_000_000 });
    ({ key: reader } = await t.issueKey({ scopes: ['mosques'], permissions: ['read'] }));
    ({ key: writer } = await t.issueKey({ name: 'Test writer', scopes: ['mosques'], permissions: ['read', 'write'] }));
  });
  after(async () => {
    for (const email of submitterEmails) {
      for (const body of bodies) expect(body).not.to.contain(email);
      expect(t.logs.join('')).not.to.contain(email);
    }
    expect(bodies.length).to.be.greaterThan(20);
    await t.close();
  });

  const keep = (response: request.Response) => {
    bodies.push(response.text);
    return response;
  };
  const get = async (path: string, key = reader) =>
    keep(await request(t.app).get(`/api/v1${path}`).set('X-API-Key', key));
  const submit = async (body: unknown, key = writer) => {
    const submitterEmail = (body as { submitterEmail?: unknown } | undefined)?.submitterEmail;
    if (typeof submitterEmail === 'string') submitterEmails.push(submitterEmail);
    return keep(
      await request(t.app)
        .post('/api/v1/mosques')
        .set('X-API-Key', key)
        .send(body as object),
    );
  };
  const slugs = (response: request.Response) => (response.body.data as { slug: string }[]).map((m) => m.slug);
  const expectError = (response: request.Response, status: number, code: string, field?: string) => {
    expect(response.status, response.text).to.equal(status);
    expect(response.body.error.code).to.equal(code);
    if (field) expect(response.body.error.message).to.contain(`'${field}'`);
  };

  describe('a submission through to publication', () => {
    let slug: string;
    let submitted: request.Response;
    const submission = aMosqueSubmission({
      nameEn: 'Test Mosque Nightingale',
      nameAr: 'مَسْجِدُ الاِخْتِبَارِ العندليب',
      city: 'Testbury',
      country: 'gb',
      description: 'Synthetic record with the word pelican.',
      lat: 52.2,
      lng: 0.12,
    });

    before(async () => {
      submitted = await submit(submission);
      slug = submitted.body.data?.slug;
    });

    it('answers 202 with the new slug and pending', async () => {
      expect(submitted.status, submitted.text).to.equal(202);
      expect(submitted.text).to.equal(
        JSON.stringify({ data: { slug: 'test-mosque-nightingale-testbury', status: 'pending' } }),
      );
    });

    it('audits the submission with the key and without the submitter e-mail', async () => {
      const [entry] = await t.deps.stores.audit.list({ resourcePrefix: `mosques/${slug}` });
      expect(entry).to.include({
        action: 'mosques.submit',
        keyName: 'Test writer',
        resource: `mosques/${slug}`,
        before: null,
      });
      expect(entry!.keyId).to.match(/^key_/);
      expect(entry!.after).to.include({ status: 'pending', country: 'GB' });
      expect(JSON.stringify(entry)).not.to.contain(submission.submitterEmail);
    });

    it('is neither listed nor shown while pending, by any filter', async () => {
      for (const query of ['', '?near=52.2,0.12,5', '?country=GB', '?city=testbury', '?q=pelican']) {
        const response = await get(`/mosques${query}`);
        expect(response.status).to.equal(200);
        expect(slugs(response), query).not.to.include(slug);
      }
      expectError(await get(`/mosques/${slug}`), 404, 'NOT_FOUND');
    });

    it('is listed after approval and found by each filter and by all of them together', async () => {
      await approveMosque(t.deps, slug);
      for (const query of [
        '',
        '?near=52.2,0.12',
        '?near=52.21,0.12,5',
        '?country=GB',
        '?country=gb',
        '?city=TESTBURY',
        '?q=pelican',
        '?q=Nightingale',
        '?near=52.2,0.12,5&country=gb&city=testbury&q=pelican&limit=5',
      ]) {
        const response = await get(`/mosques${query}`);
        expect(response.status, response.text).to.equal(200);
        expect(slugs(response), query).to.include(slug);
      }
      expect(slugs(await get('/mosques?country=FR'))).not.to.include(slug);
      expect(slugs(await get('/mosques?near=52.2,0.12,5&q=nomatchword'))).to.deep.equal([]);
    });

    it('is found by a word of its Arabic name, with or without harakat, and by a word of its description', async () => {
      for (const q of ['الاختبار', 'الاِخْتِبَارِ', 'العندليب', 'pelican', 'PELICAN']) {
        expect(slugs(await get(`/mosques?q=${encodeURIComponent(q)}`)), q).to.deep.equal([slug]);
      }
    });

    it('shows the public record only, with the contract fields in order', async () => {
      const response = await get(`/mosques/${slug}`);
      expect(response.status).to.equal(200);
      expect(response.body.data).to.deep.equal({
        slug,
        nameEn: 'Test Mosque Nightingale',
        nameAr: submission.nameAr,
        addressLine1: submission.addressLine1,
        city: 'Testbury',
        country: 'GB',
        lat: 52.2,
        lng: 0.12,
        denomination: submission.denomination,
        phone: submission.phone,
        website: submission.website,
        email: submission.email,
        description: submission.description,
        languages: submission.languages,
        schedule: null,
        source: null,
      });
      expect(response.headers['access-control-allow-origin']).to.equal('*');
      expect(response.headers.etag).to.be.a('string');
      const listed = await get('/mosques?near=52.2,0.12,1');
      expect(listed.body.data[0]).to.deep.equal({ ...response.body.data, distanceKm: 0 });
    });

    it('gives a second submission with the same name and city the slug -2', async () => {
      const again = await submit(aMosqueSubmission({ nameEn: 'Test Mosque Nightingale', city: 'Testbury' }));
      expect(again.body.data).to.deep.equal({ slug: `${slug}-2`, status: 'pending' });
      expect(again.headers['access-control-allow-origin']).to.equal(undefined);
    });
  });

  describe('near over generated mosques', () => {
    const records: MosqueRecord[] = generateMosques({ count: 2000, seed: 11, firstNumber: 100_000 });
    before(async () => {
      await t.deps.unitOfWork.run((stores) => stores.mosques.insertMany(records));
    });

    it(
      'returns exactly the mosques within the radius, ' + 'nearest first, as a brute-force haversine over the set',
      async () => {
        const random = seededRandom(5);
        let found = 0;
        for (let i = 0; i < 12; i++) {
          const centre = records[Math.floor(random() * records.length)]!;
          for (const radiusKm of [10, 150, 500]) {
            const near = { lat: centre.lat! + 0.01, lng: centre.lng! + 0.01, radiusKm };
            const response = await get(`/mosques?near=${near.lat},${near.lng},${radiusKm}&limit=100`);
            expect(response.status).to.equal(200);
            // The set has only generated mosques near these centres except the ones submitted above (in GB).
            const others = (response.body.data as { slug: string }[]).filter(
              (m) => !m.slug.startsWith('test-mosque-nightingale'),
            );
            const expected = bruteForceNear(
              records,
              near,
              others.length === response.body.data.length ? 100 : others.length,
            );
            expect(
              others.map((m) => m.slug),
              JSON.stringify(near),
            ).to.deep.equal(expected.map((e) => e.slug));
            const distances = (response.body.data as { distanceKm: number }[]).map((m) => m.distanceKm);
            expect(distances).to.deep.equal([...distances].sort((a, b) => a - b));
            others.forEach((m, j) =>
              expect((m as unknown as { distanceKm: number }).distanceKm).to.be.closeTo(
                expected[j]!.distanceKm,
                0.0006,
              ),
            );
            found += expected.length;
          }
        }
        expect(found).to.be.greaterThan(500);
      },
    );

    it('defaults to 20 results and honours limit', async () => {
      expect((await get('/mosques')).body.data).to.have.length(20);
      expect((await get('/mosques?limit=3')).body.data).to.have.length(3);
      expect((await get('/mosques?limit=100')).body.data).to.have.length(100);
    });

    for (const [query, parameter] of [
      ['near=51.5,-0.12,0', 'near'],
      ['near=51.5,-0.12,501', 'near'],
      ['near=51.5', 'near'],
      ['near=abc,def', 'near'],
      ['near=91,0', 'near'],
      ['near=51.5,-0.12,5km', 'near'],
      ['near=1,2&near=3,4', 'near'],
      ['country=XX', 'country'],
      ['country=GBR', 'country'],
      ['city=', 'city'],
      ['q=', 'q'],
      ['q=%22%2A', 'q'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
    ] as const) {
      it(`answers ${query} with 400 VALIDATION_ERROR naming '${parameter}'`, async () => {
        expectError(await get(`/mosques?${query}`), 400, 'VALIDATION_ERROR', parameter);
      });
    }

    it('ignores unknown query parameters', async () => {
      expect((await get('/mosques?unknown=1&limit=1')).status).to.equal(200);
    });
  });

  describe('submission checks', () => {
    const valid = () => aMosqueSubmission();
    const without = (field: string) => {
      const body: Record<string, unknown> = { ...valid() };
      delete body[field];
      return body;
    };

    for (const field of ['nameEn', 'addressLine1', 'city', 'country', 'submitterEmail']) {
      it(`refuses a submission without ${field}, naming it`, async () => {
        expectError(await submit(without(field)), 400, 'VALIDATION_ERROR', field);
      });
    }

    for (const [name, change, field] of [
      ['a blank required field', { nameEn: '   ' }, 'nameEn'],
      ['a bad submitter e-mail', { submitterEmail: 'not-an-email' }, 'submitterEmail'],
      ['a bad e-mail', { email: 'test@@example.org' }, 'email'],
      ['a non-http URL', { website: 'ftp://example.org/x' }, 'website'],
      ['a bare host as URL', { website: 'example.org' }, 'website'],
      ['an unknown country code', { country: 'XX' }, 'country'],
      ['a three-letter country code', { country: 'GBR' }, 'country'],
      ['a bad language code', { languages: ['English'] }, 'languages'],
      ['a name too long', { nameEn: 'x'.repeat(201) }, 'nameEn'],
      ['lat out of range', { lat: 90.5 }, 'lat'],
      ['lng without lat', { lat: null, lng: 10 }, 'lat'],
      ['a string for lat', { lat: '51.5' }, 'lat'],
      ['an unknown field', { status: 'published' }, 'status'],
      ['a number for city', { city: 12 }, 'city'],
    ] as const) {
      it(`refuses ${name} with 400 VALIDATION_ERROR naming '${field}'`, async () => {
        expectError(await submit({ ...valid(), ...change }), 400, 'VALIDATION_ERROR', field);
      });
    }

    it('answers invalid JSON with 400 INVALID_JSON', async () => {
      const response = keep(
        await request(t.app)
          .post('/api/v1/mosques')
          .set('X-API-Key', writer)
          .set('Content-Type', 'application/json')
          .send('{"nameEn": "Test'),
      );
      expectError(response, 400, 'INVALID_JSON');
    });

    it('answers a JSON array or string body with 400 VALIDATION_ERROR', async () => {
      expectError(await submit([valid()]), 400, 'VALIDATION_ERROR');
    });

    it('answers a read-only key with 403 INSUFFICIENT_PERMISSION, before reading the body', async () => {
      expectError(await submit(valid(), reader), 403, 'INSUFFICIENT_PERMISSION');
      const badJson = await request(t.app)
        .post('/api/v1/mosques')
        .set('X-API-Key', reader)
        .set('Content-Type', 'application/json')
        .send('{');
      expectError(badJson, 403, 'INSUFFICIENT_PERMISSION');
    });

    it('answers a key without the mosques scope with 403 INSUFFICIENT_SCOPE', async () => {
      const { key } = await t.issueKey({ scopes: ['quran'], permissions: ['read', 'write'] });
      expectError(await submit(valid(), key), 403, 'INSUFFICIENT_SCOPE');
      expectError(await get('/mosques', key), 403, 'INSUFFICIENT_SCOPE');
    });

    it('stores and audits nothing for a refused submission', async () => {
      const before = (await t.deps.stores.audit.list({ action: 'mosques.submit' })).length;
      await submit({ ...valid(), country: 'XX' });
      expect((await t.deps.stores.audit.list({ action: 'mosques.submit' })).length).to.equal(before);
    });

    it('answers an unknown slug with 404', async () => {
      expectError(await get('/mosques/test-no-such-mosque'), 404, 'NOT_FOUND');
    });
  });
});
