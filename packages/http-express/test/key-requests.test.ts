import { approveKeyRequest, listKeyRequests, ManualClock, rejectKeyRequest } from '@islamic-data/core';
import { expect } from 'chai';
import request from 'supertest';
import { expectErrorEnvelope, startTestApp, type TestApp } from './test-app.js';

/** A valid request from a visibly synthetic requester; each gets an e-mail address of its own. */
let sequence = 0;
const aRequest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Test Requester',
  email: `test-requester-${++sequence}@example.test`,
  project: 'A synthetic test app that shows the direction of the Qibla.',
  website: 'https://example.test/app',
  scopes: ['qibla', 'prayer-times'],
  permissions: ['read'],
  note: 'Arabic and Azerbaijani users: سلام, Salam.',
  ...overrides,
});

describe('http: key requests (CONTRACT §18)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  /** Every raw response body and every e-mail address sent, to check that none came back or was logged. */
  const bodies: string[] = [];
  const emails: string[] = [];

  before(async () => {
    t = await startTestApp({ clock, submissionLimit: { limit: 1_000, windowMs: 3_600_000 } });
  });
  after(async () => {
    expect(emails.length).to.be.greaterThan(10);
    const logged = t.logs.join('');
    for (const email of emails) {
      for (const body of bodies) expect(body).not.to.contain(email);
      expect(logged).not.to.contain(email);
    }
    await t.close();
  });

  const keep = (response: request.Response) => {
    bodies.push(response.text);
    return response;
  };
  const noteEmail = (body: unknown) => {
    const email = (body as { email?: unknown }).email;
    if (typeof email === 'string' && email.includes('@')) emails.push(email);
  };
  const submit = async (body: Record<string, unknown>) => {
    noteEmail(body);
    return keep(await request(t.app).post('/api/v1/key-requests').send(body));
  };
  /** As a browser with JavaScript off posts the form. */
  const post = async (fields: Record<string, string | string[]>) => {
    noteEmail(fields);
    return keep(await request(t.app).post('/api/v1/key-requests').type('form').send(fields));
  };
  const status = async (id: string) => keep(await request(t.app).get(`/api/v1/key-requests/${id}`));
  const stored = async () => (await listKeyRequests(t.deps)).length;
  const asForm = (body: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(body).map(([name, value]) => [name, value as string | string[]]));

  it('accepts a JSON request: 202 with id and status, never the e-mail; its status is open, impersonal', async () => {
    const response = await submit(aRequest());
    expect(response.status).to.equal(202);
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(response.body.data).to.have.all.keys('id', 'status', 'createdAt');
    expect(response.body.data.id).to.match(/^kr_[0-9A-Za-z]{22}$/);
    expect(response.body.data.status).to.equal('pending');
    const looked = await status(response.body.data.id);
    expect(looked.status).to.equal(200);
    expect(looked.headers['cache-control']).to.equal('no-store');
    expect(looked.body.data).to.deep.equal({ ...response.body.data, decidedAt: null });
    expectErrorEnvelope(await status('kr_0000000000000000000000'), 404, 'NOT_FOUND');
    expectErrorEnvelope(await status('not-an-id'), 404, 'NOT_FOUND');
  });

  const BAD_FIELDS: [string, Record<string, unknown>][] = [
    ['name', { name: '' }],
    ['name', { name: '   ' }],
    ['name', { name: 'x'.repeat(201) }],
    ['name', { name: 'Test\u0007Bell' }],
    ['name', { name: 'Test\nTwo lines' }],
    ['name', { name: 'Test \u202Egnirts' }],
    ['email', { email: 'not-an-address' }],
    ['email', { email: 'test@example' }],
    ['email', { email: `${'x'.repeat(250)}@example.test` }],
    ['project', { project: 'Too short.' }],
    ['project', { project: 'x'.repeat(5_001) }],
    ['project', { project: 'A synthetic test project \u2066with an isolate\u2069.' }],
    ['project', { project: 'A synthetic test project with a \u0000 NUL in it.' }],
    ['website', { website: 'ftp://example.test/' }],
    ['website', { website: 'example.test' }],
    ['scopes', { scopes: [] }],
    ['scopes', { scopes: ['qibla', 'astrology'] }],
    ['permissions', { permissions: ['write'] }],
    ['permissions', { permissions: ['read', 'admin'] }],
    ['note', { note: 'x'.repeat(2_001) }],
    ['note', { note: 'A note \u202Dwith an override.' }],
  ];

  it('refuses bad input on every field with a 400 naming it, and stores nothing', async () => {
    const before = await stored();
    for (const [field, change] of BAD_FIELDS) {
      const response = await submit(aRequest(change));
      expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message, `${field}: ${JSON.stringify(change)}`).to.contain(`'${field}'`);
    }
    for (const field of ['name', 'email', 'project', 'scopes', 'permissions']) {
      const body: Record<string, unknown> = aRequest();
      delete body[field];
      const response = await submit(body);
      expectErrorEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.message).to.equal(`Field '${field}' is required.`);
    }
    const unknown = await submit(aRequest({ phone: '123' }));
    expect(unknown.body.error.message).to.equal("Field 'phone' is not allowed.");
    expectErrorEnvelope(await submit(aRequest({ scopes: 'qibla' })), 400, 'VALIDATION_ERROR');
    expect(await stored()).to.equal(before);
  });

  it('answers a form post in HTML: the confirmation, or the form again with the message beside its field', async () => {
    const before = await stored();
    for (const [field, change] of BAD_FIELDS.filter(([, change]) => !Object.values(change).some(Array.isArray))) {
      const response = await post(asForm(aRequest(change)));
      expect(response.status, field).to.equal(400);
      expect(response.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).to.contain("default-src 'none'");
      const beside = new RegExp(`<p class="field-error" id="${field}-error" role="alert">Field &#39;${field}&#39; `);
      expect(response.text, field).to.match(beside);
      expect(response.text).to.contain(`aria-describedby="${field}-error" aria-invalid="true"`);
    }
    const noScope = await post(asForm(aRequest({ scopes: undefined })));
    expect(noScope.status).to.equal(400);
    expect(noScope.text).to.match(/id="scopes-error" role="alert">Field &#39;scopes&#39;/);
    expect(await stored()).to.equal(before);

    // What was typed comes back escaped and kept; what was checked stays checked.
    const kept = await post(asForm(aRequest({ name: '<b>Test</b>', project: 'short', scopes: ['hadith', 'quran'] })));
    expect(kept.text).to.contain('value="&lt;b&gt;Test&lt;/b&gt;"');
    expect(kept.text).not.to.contain('<b>Test</b>');
    expect(kept.text).to.match(/value="hadith" checked/);
    expect(kept.text).not.to.match(/value="qibla" checked/);

    const accepted = await post(asForm(aRequest({ scopes: 'hadith', website: '', note: '' })));
    expect(accepted.status).to.equal(202);
    expect(accepted.headers['content-type']).to.equal('text/html; charset=utf-8');
    const id = /<code id="request-id">(kr_\w+)<\/code>/.exec(accepted.text)?.[1];
    expect((await status(id!)).body.data.status).to.equal('pending');
    const [latest] = (await listKeyRequests(t.deps)).filter((each) => each.id === id);
    expect(latest).to.include({ website: null, note: null });
    expect(latest!.scopes).to.deep.equal(['hadith']);
  });

  it('drops a request whose hidden trap field is filled, answering as if it were taken', async () => {
    const before = await stored();
    const response = await submit(aRequest({ fax: '+1 555 0100' }));
    expect(response.status).to.equal(202);
    expect(await stored()).to.equal(before);
    expectErrorEnvelope(await status(response.body.data.id), 404, 'NOT_FOUND');
  });

  it('refuses a fourth pending request from one e-mail address (409), whatever its case', async () => {
    const email = `test-many-${Date.now()}@example.test`;
    for (let i = 0; i < 3; i++) expect((await submit(aRequest({ email }))).status).to.equal(202);
    const fourth = await submit(aRequest({ email: email.toUpperCase() }));
    expectErrorEnvelope(fourth, 409, 'CONFLICT');
    expect(fourth.body.error.message).to.contain("'email'");
  });

  it('approves, then the link: GETs (prefetches) spend nothing, the POST reveals the key once, then 410', async () => {
    const submitted = await submit(aRequest({ scopes: ['qibla'], permissions: ['read', 'write'] }));
    const { id } = submitted.body.data;
    const approved = await approveKeyRequest(t.deps, id);
    expect(approved.key.permissions).to.deep.equal(['read']);
    expect(approved.key.scopes).to.deep.equal(['qibla']);
    expect((await status(id)).body.data).to.include({ status: 'approved' });
    const link = `/keys/claim/${approved.claimToken}`;

    for (let i = 0; i < 3; i++) {
      const view = keep(await request(t.app).get(link));
      expect(view.status).to.equal(200);
      expect(view.headers['cache-control']).to.equal('no-store');
      expect(view.headers['referrer-policy']).to.equal('no-referrer');
      expect(view.text).to.contain('Reveal my key').and.contain('Test Requester').and.contain('qibla');
      expect(view.text).not.to.match(/idk_[0-9A-Za-z]{32}/);
    }
    expect((await request(t.app).head(link)).status).to.equal(200);

    const crossSite = await request(t.app).post(link).set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).to.equal(403);

    const revealed = await request(t.app).post(link);
    expect(revealed.status).to.equal(200);
    expect(revealed.headers['cache-control']).to.equal('no-store');
    expect(revealed.headers['referrer-policy']).to.equal('no-referrer');
    const key = /<code class="secret" id="api-key">(idk_[0-9A-Za-z]{32})<\/code>/.exec(revealed.text)?.[1];
    expect(key).to.be.a('string');
    expect(revealed.text).to.contain(`curl -H &quot;X-API-Key: ${key}&quot;`).and.contain('/api/v1/qibla?');
    t.issuedKeys.push(key!);

    const qibla = await request(t.app).get('/api/v1/qibla?lat=51.5&lng=-0.12').set('X-API-Key', key!);
    expect(qibla.status).to.equal(200);
    expect((await status(id)).body.data).to.include({ status: 'claimed' });

    for (const again of [request(t.app).post(link), request(t.app).get(link)]) {
      const gone = await again;
      expect(gone.status).to.equal(410);
      expect(gone.text).not.to.contain(key!);
    }
    expect((await request(t.app).get('/keys/claim/not-a-token')).status).to.equal(410);
    // The link is a secret: the request log names the page, never the token.
    expect(t.logs.join('')).not.to.contain(approved.claimToken);
    expect(t.logs.join('')).to.contain('/keys/claim/(token)');
    expect((await request(t.app).post(`/keys/claim/${'A'.repeat(43)}`)).status).to.equal(410);
  });

  it('a link not used in 7 days is 410 and its request `expired`; a rejection is `rejected`', async () => {
    const { id } = (await submit(aRequest())).body.data;
    const { claimToken } = await approveKeyRequest(t.deps, id);
    clock.set(new Date(clock.now().getTime() + 7 * 24 * 3_600_000 + 1_000));
    try {
      expect((await request(t.app).get(`/keys/claim/${claimToken}`)).status).to.equal(410);
      expect((await request(t.app).post(`/keys/claim/${claimToken}`)).status).to.equal(410);
      expect((await status(id)).body.data.status).to.equal('expired');
    } finally {
      clock.set(new Date());
    }
    const other = (await submit(aRequest())).body.data.id;
    await rejectKeyRequest(t.deps, other, 'A synthetic reason.');
    const rejected = (await status(other)).body.data;
    expect(rejected.status).to.equal('rejected');
    expect(rejected.decidedAt).to.be.a('string');
  });
});

describe('http: key requests are limited to 5 an hour per client address', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ trustProxy: 'loopback' });
  });
  after(() => t.close());

  it('refuses the 6th submission in an hour from one address with 429 and Retry-After; others go on', async () => {
    const from = (address: string, n: number) =>
      request(t.app)
        .post('/api/v1/key-requests')
        .set('X-Forwarded-For', address)
        .send(aRequest({ email: `test-limit-${n}@example.test` }));
    const statuses = [];
    for (let n = 0; n < 6; n++) statuses.push((await from('192.0.2.1', n)).status);
    expect(statuses).to.deep.equal([202, 202, 202, 202, 202, 429]);
    const refused = await from('192.0.2.1', 7);
    expectErrorEnvelope(refused, 429, 'RATE_LIMITED');
    expect(refused.body.error.message).to.contain('5 requests per hour');
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 3600);
    expect(refused.headers['x-ratelimit-limit']).to.equal('5');
    // Bad input counts too, and another address has its own budget.
    expect((await from('192.0.2.2', 8)).status).to.equal(202);
    // Reads are not limited by it.
    expect((await request(t.app).get('/api/v1/key-requests/kr_0000000000000000000000')).status).to.equal(404);
  });
});
