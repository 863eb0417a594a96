import { approveKeyRequest, listKeyRequests } from '@islamic-data/core';
import { ensureChromium, HEADLESS_CHROMIUM_FLAGS } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from './test-app.js';

const RECORD_CSP_VIOLATIONS = `
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) =>
    window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));
`;

/** The key request form and the claim page in Debian's Chromium (playwright-core), JavaScript on and off. */
describe('http: /request-key and the claim page in headless Chromium', function () {
  this.timeout(15 * 60_000);
  let t: TestApp;
  let server: Server;
  let base: string;
  let profile: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const requested: string[] = [];

  before(async () => {
    const executablePath = ensureChromium();
    t = await startTestApp();
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    profile = mkdtempSync(path.join(tmpdir(), 'islamic-data-chromium-'));
    browser = await chromium.launch({ executablePath, headless: true, args: HEADLESS_CHROMIUM_FLAGS });
  });
  after(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await new Promise<void>((resolve) => {
      server?.closeAllConnections();
      server ? server.close(() => resolve()) : resolve();
    });
    if (profile) rmSync(profile, { recursive: true, force: true });
    await t?.close();
  });

  async function open(javaScriptEnabled: boolean): Promise<Page> {
    const context = await browser.newContext({ javaScriptEnabled });
    contexts.push(context);
    context.on('request', (request) => requested.push(request.url()));
    const page = await context.newPage();
    await page.addInitScript({ content: RECORD_CSP_VIOLATIONS });
    return page;
  }

  async function fill(page: Page, values: { name: string; email: string; project: string }) {
    await page.getByLabel('Name', { exact: true }).fill(values.name);
    await page.getByLabel('E-mail address').fill(values.email);
    await page.getByLabel('What are you building').fill(values.project);
  }

  it('with JavaScript off: a bad field comes back beside it, then the confirmation', async () => {
    const page = await open(false);
    await page.goto(`${base}/request-key`);
    await fill(page, { name: 'Test Requester', email: 'test-nojs@example.test', project: 'Too short.' });
    await page.getByLabel('Qibla').check();
    await page.getByRole('button', { name: 'Send the request' }).click();
    await page.waitForURL(`${base}/api/v1/key-requests`);
    expect(await page.locator('#project-error').textContent()).to.match(/^Field 'project' must be 20 to 5000/);
    expect(await page.locator('#project').getAttribute('aria-invalid')).to.equal('true');
    expect(await page.locator('#name').inputValue()).to.equal('Test Requester');
    expect(await page.getByLabel('Qibla').isChecked()).to.equal(true);

    await page.getByLabel('E-mail address').fill('test-nojs@example.test');
    await page.getByLabel('What are you building').fill('A synthetic test app, posted without JavaScript.');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await page.getByRole('heading', { name: 'Request received' }).waitFor();
    const id = await page.locator('#request-id').textContent();
    expect(id).to.match(/^kr_[0-9A-Za-z]{22}$/);
    expect((await listKeyRequests(t.deps)).map((request) => request.id)).to.include(id);
  });

  it('with JavaScript on: errors from the schema show beside their fields before anything is sent', async () => {
    const page = await open(true);
    await page.goto(`${base}/request-key`);
    const posts: string[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
    await fill(page, { name: 'Test\u202EResu', email: 'not-an-address', project: 'Short.' });
    await page.getByRole('button', { name: 'Send the request' }).click();
    expect(await page.locator('#name-error').textContent()).to.equal(
      "Field 'name' must not contain control characters or bidirectional overrides.",
    );
    expect(await page.locator('#email-error').textContent()).to.match(/^Field 'email' must be an e-mail address/);
    expect(await page.locator('#project-error').textContent()).to.match(/^Field 'project' must be 20 to 5000/);
    expect(await page.locator('#scopes-error').textContent()).to.equal("Field 'scopes' is required.");
    expect(posts).to.deep.equal([]);

    await fill(page, {
      name: 'مستخدم تجريبي',
      email: 'test-js@example.test',
      project: 'Tətbiq: a synthetic test app, posted with JavaScript on.',
    });
    await page.getByLabel('Prayer times').check();
    expect(await page.locator('#name').getAttribute('dir')).to.equal('auto');
    await page.getByRole('button', { name: 'Send the request' }).click();
    await page.getByRole('heading', { name: 'Request received' }).waitFor();
    expect(await page.locator('#name-error').count()).to.equal(0);
    expect(posts).to.deep.equal([`${base}/api/v1/key-requests`]);
  });

  it('the claim page reveals the key once on its button; a reload shows 410', async () => {
    const [request] = await listKeyRequests(t.deps, 'pending');
    const { claimToken } = await approveKeyRequest(t.deps, request!.id);
    const page = await open(true);
    const link = `${base}/keys/claim/${claimToken}`;
    await page.goto(link);
    await page.getByRole('button', { name: 'Reveal my key' }).waitFor();
    expect(await page.locator('body').textContent()).not.to.match(/idk_[0-9A-Za-z]{32}/);
    await page.getByRole('button', { name: 'Reveal my key' }).click();
    const key = await page.locator('#api-key').textContent();
    expect(key).to.match(/^idk_[0-9A-Za-z]{32}$/);
    t.issuedKeys.push(key!);
    expect(await page.locator('#first-request').textContent()).to.contain(`X-API-Key: ${key}`);
    await page.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    const reloaded = await page.reload();
    expect(reloaded?.status()).to.equal(410);
    expect(await page.getByRole('heading', { name: 'This link no longer works' }).count()).to.equal(1);
    expect(await page.locator('body').textContent()).not.to.contain(key!);
  });

  it('asked nothing of another host and broke no rule of its Content-Security-Policy', async () => {
    expect(requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== base)).to.deep.equal([]);
    for (const context of contexts)
      for (const page of context.pages()) expect(await page.evaluate('window.cspViolations ?? []')).to.deep.equal([]);
  });
});
