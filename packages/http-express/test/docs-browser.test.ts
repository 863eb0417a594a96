import { ensureChromium, HEADLESS_CHROMIUM_FLAGS } from '@islamic-data/test-fixtures';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from './test-app.js';

/** Collects the page's CSP violations (an init script runs before the page's own, outside its CSP). */
const RECORD_CSP_VIOLATIONS = `
  window.cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) =>
    window.cspViolations.push(event.violatedDirective + ' ' + event.blockedURI));
`;

/**
 * /docs in a real browser: Debian's Chromium (installed by the test when missing), driven by
 * playwright-core, against the real app on a loopback port.
 */
describe('http: /docs in headless Chromium', function () {
  this.timeout(15 * 60_000); // apt-get install chromium, on a fresh machine
  let t: TestApp;
  let server: Server;
  let base: string;
  let key: string;
  let profile: string;
  let context: BrowserContext;
  let page: Page;
  const requested: string[] = [];
  const pageErrors: string[] = [];

  before(async () => {
    const executablePath = ensureChromium();
    t = await startTestApp();
    ({ key } = await t.issueKey({ name: 'Docs try-it', scopes: ['prayer-times'], permissions: ['read'] }));
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    profile = mkdtempSync(path.join(tmpdir(), 'islamic-data-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: HEADLESS_CHROMIUM_FLAGS,
      viewport: { width: 1400, height: 1000 },
    });
    context.on('request', (request) => requested.push(request.url()));
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.addInitScript({ content: RECORD_CSP_VIOLATIONS });
  });

  after(async () => {
    await context?.close();
    await new Promise<void>((resolve) => {
      server?.closeAllConnections();
      server ? server.close(() => resolve()) : resolve();
    });
    if (profile) rmSync(profile, { recursive: true, force: true });
    await t?.close();
  });

  it('renders the operations of every resource from /openapi.json', async () => {
    await page.goto(`${base}/docs`);
    for (const tag of ['Prayer times', 'Qibla', 'Hijri', 'Mosques', 'Quran', 'Hadith', 'Translations']) {
      await page.getByRole('button', { name: tag, exact: false }).first().waitFor({ timeout: 30_000 });
    }
    await page.getByText('Every calculation method with its parameters').first().click();
    await page.getByRole('button', { name: /Test Request.*prayer-times\/methods/ }).waitFor();
    expect(await page.getByText('INSUFFICIENT_SCOPE, INSUFFICIENT_PERMISSION').count()).to.be.greaterThan(0);
  });

  it('sends a try-it request with the key typed into the client, and shows its 200', async () => {
    await page.getByRole('button', { name: /Test Request.*prayer-times\/methods/ }).click();
    const keyField = page.locator('input[id^="scalar-client-"].scalar-password-input');
    await keyField.fill(key);
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/prayer-times/methods'));
    await page.locator('button', { hasText: `Send get request to ${base}/api/v1/prayer-times/methods` }).click();
    const response = await answered;
    expect(response.status()).to.equal(200);
    expect(await response.request().headerValue('x-api-key')).to.equal(key);
    // The client's response panel: the status line and the body, as a person sees them.
    await page.getByText('200 OK', { exact: true }).waitFor();
    await page.locator('.cm-line', { hasText: '"Muslim World League"' }).first().waitFor();
    const screenshot = path.join(tmpdir(), `islamic-data-docs-try-it-${process.pid}.png`);
    await page.screenshot({ path: screenshot });
    console.log(`      screenshot of /docs after the try-it call: ${screenshot}`);
  });

  it('made no request to any host but the server, and broke no rule of its Content-Security-Policy', async () => {
    const elsewhere = requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== base);
    expect(elsewhere).to.deep.equal([]);
    expect(requested.filter((url) => !/^(https?|data|blob):/.test(url))).to.deep.equal([]);
    expect(await page.evaluate('window.cspViolations')).to.deep.equal([]);
    expect(pageErrors).to.deep.equal([]);
    expect(requested).to.include(`${base}/openapi.json`);
  });
});
