import { expect } from 'chai';
import request from 'supertest';
import { startTestApp, type TestApp } from './test-app.js';

describe('http: platform (CORS, ETag, compression, health, OpenAPI)', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await startTestApp();
    ({ key } = await t.issueKey());
  });
  after(async () => t.close());

  it('allows any origin on GET responses, errors included, and exposes the rate-limit headers', async () => {
    for (const response of [
      await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key).set('Origin', 'https://example.org'),
      await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('Origin', 'https://example.org'),
    ]) {
      expect(response.headers['access-control-allow-origin']).to.equal('*');
      expect(response.headers['access-control-expose-headers']).to.contain('X-RateLimit-Remaining');
    }
  });

  it('answers a preflight for a GET with the X-API-Key header allowed', async () => {
    const response = await request(t.app)
      .options('/api/v1/qibla')
      .set('Origin', 'https://example.org')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'X-API-Key');
    expect(response.status).to.equal(204);
    expect(response.headers['access-control-allow-origin']).to.equal('*');
    expect(response.headers['access-control-allow-headers']).to.contain('X-API-Key');
  });

  it('gives a preflight for a write no CORS headers', async () => {
    const response = await request(t.app)
      .options('/api/v1/qibla')
      .set('Origin', 'https://example.org')
      .set('Access-Control-Request-Method', 'PUT');
    expect(response.headers).not.to.have.property('access-control-allow-origin');
    expect(response.headers).not.to.have.property('access-control-allow-methods');
  });

  it('gives write responses no CORS headers', async () => {
    const response = await request(t.app)
      .put('/api/v1/qibla')
      .set('Origin', 'https://example.org')
      .set('X-API-Key', key);
    expect(response.status).to.equal(405);
    expect(response.headers).not.to.have.property('access-control-allow-origin');
  });

  it('sends an ETag and answers a matching If-None-Match with 304 and no body', async () => {
    const first = await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
    expect(first.headers.etag).to.be.a('string');
    const second = await request(t.app)
      .get('/api/v1/qibla?lat=1&lng=1')
      .set('X-API-Key', key)
      .set('If-None-Match', first.headers.etag!);
    expect(second.status).to.equal(304);
    expect(second.text).to.equal('');
  });

  it('marks keyed responses private', async () => {
    const response = await request(t.app).get('/api/v1/qibla?lat=1&lng=1').set('X-API-Key', key);
    expect(response.headers['cache-control']).to.equal('private, max-age=0');
  });

  it('compresses when the client accepts gzip', async () => {
    const response = await request(t.app).get('/openapi.json').set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).to.equal('gzip');
    expect(response.body.openapi).to.equal('3.1.0');
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const generated = await request(t.app).get('/health');
    expect(generated.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
    const echoed = await request(t.app).get('/health').set('X-Request-Id', 'test-request-1');
    expect(echoed.headers['x-request-id']).to.equal('test-request-1');
  });

  it('answers /health with {status: "ok"} and no key', async () => {
    const response = await request(t.app).get('/health');
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ status: 'ok' });
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const { body } = await request(t.app).get('/openapi.json');
    const operation = body.paths['/api/v1/qibla'].get;
    expect(operation.parameters.map((p: { name: string }) => p.name)).to.deep.equal(['lat', 'lng', 'city', 'country']);
    expect(operation.parameters[0].schema).to.include({ minimum: -90, maximum: 90 });
    expect(operation.security).to.deep.equal([{ ApiKey: [] }]);
    expect(operation.responses).to.have.keys('200', '304', '400', '401', '403', '404', '429', '500', '503');
    expect(operation.responses['503'].description).to.equal('`SERVICE_UNAVAILABLE`');
    expect(
      operation.responses['403'].content['application/json'].schema.properties.error.properties.code.enum,
    ).to.deep.equal(['INSUFFICIENT_SCOPE', 'INSUFFICIENT_PERMISSION']);
  });

  it('documents the Arabic-locale refusal and body errors on translation writes', async () => {
    const { body } = await request(t.app).get('/openapi.json');
    const put = body.paths['/api/v1/quran/surahs/{surah}/ayahs/{ayah}/translations/{locale}'].put;
    expect(put.responses['403'].description).to.contain('FORBIDDEN_LOCALE');
    expect(put.responses['400'].description).to.contain('INVALID_JSON');
    expect(put.responses['413'].description).to.contain('PAYLOAD_TOO_LARGE');
    expect(body.paths['/api/v1/qibla'].get.responses['403'].description).not.to.contain('FORBIDDEN_LOCALE');
  });

  it('serves the reference page at /docs over /openapi.json, its scripts from this server', async () => {
    const response = await request(t.app).get('/docs');
    expect(response.headers['content-type']).to.contain('text/html');
    const scripts = [...response.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).to.deep.equal(['/docs/scalar-api-reference.js', '/docs/reference.js']);
    expect((await request(t.app).get('/docs/reference.js')).text).to.contain('"url":"/openapi.json"');
    const bundle = await request(t.app).get('/docs/scalar-api-reference.js');
    expect(bundle.status).to.equal(200);
    expect(bundle.headers['content-type']).to.contain('text/javascript');
    expect(bundle.text).to.contain('createApiReference');
  });

  it('protects /docs with a Content-Security-Policy allowing only this server, and against framing', async () => {
    const response = await request(t.app).get('/docs');
    const policy = new Map(
      response.headers['content-security-policy']!.split(';').map((directive) => {
        const [name, ...values] = directive.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(policy.get('default-src')).to.deep.equal(["'none'"]);
    expect(policy.get('script-src')).to.deep.equal(["'self'"]);
    expect(policy.get('connect-src')).to.deep.equal(["'self'"]);
    expect(policy.get('frame-ancestors')).to.deep.equal(["'none'"]);
    expect(response.headers['x-frame-options']).to.equal('DENY');
  });
});
