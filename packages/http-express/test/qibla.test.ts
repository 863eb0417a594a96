import { expect } from 'chai';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

describe('http: GET /api/v1/qibla', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await startTestApp();
    ({ key } = await t.issueKey({ scopes: ['qibla'] }));
  });
  after(async () => t.close());

  const get = (query: string) => request(t.app).get(`/api/v1/qibla?${query}`).set('X-API-Key', key);

  it('returns a bearing within 0.1° of 58.48 for New York, with origin, Kaaba and distance', async () => {
    const response = await get('lat=40.7128&lng=-74.0060');
    expect(response.status).to.equal(200);
    const { data } = response.body;
    expect(data.bearing).to.be.closeTo(58.48, 0.1);
    expect(data.origin).to.deep.equal({ lat: 40.7128, lng: -74.006 });
    expect(data.kaaba).to.deep.equal({ lat: 21.4225241, lng: 39.8261818 });
    expect(data.distanceKm).to.be.closeTo(10300, 30);
  });

  for (const [query, parameter] of [
    ['lat=91&lng=0', 'lat'],
    ['lat=0&lng=abc', 'lng'],
    ['lat=0&lng=-181', 'lng'],
    ['lng=0', 'lat'],
    ['lat=&lng=0', 'lat'],
  ] as const) {
    it(`answers ${query} with 400 VALIDATION_ERROR naming '${parameter}'`, async () => {
      const response = await get(query);
      expect(response.status).to.equal(400);
      expect(response.body.error.code).to.equal('VALIDATION_ERROR');
      expect(response.body.error.message).to.contain(`'${parameter}'`);
    });
  }

  it('ignores unknown query parameters', async () => {
    expect((await get('lat=1&lng=1&unknown=x')).status).to.equal(200);
  });
});
