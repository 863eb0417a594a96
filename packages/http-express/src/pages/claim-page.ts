import { claimKey, viewClaim, type ApiKeySummary, type OpenClaim } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDependencies } from '../dependencies.js';
import { escapeHtml, page, sendPage } from './html.js';

/**
 * `/keys/claim/{token}` (CONTRACT §18): the one-time link an approval makes. Its GET shows who asked and what
 * was granted, with a button; only the POST that button sends reveals the key, once, so that link scanners
 * and browsers that prefetch GETs cannot spend it. Both are `no-store` and `no-referrer` (the URL is a secret);
 * a spent, expired or unknown link is a 410 page.
 */

export const CLAIM_SCRIPT_PATH = '/keys/claim.js';

/** A first request each scope can make (read only, no religious text typed here). */
const FIRST_REQUESTS: Record<string, string> = {
  qibla: '/api/v1/qibla?lat=51.5074&lng=-0.1278',
  'prayer-times': '/api/v1/prayer-times/methods',
  hijri: '/api/v1/hijri?date=2026-03-20',
  mosques: '/api/v1/mosques?country=GB',
  quran: '/api/v1/quran/surahs',
  hadith: '/api/v1/hadith/collections',
};

const firstRequestOf = (key: ApiKeySummary) =>
  FIRST_REQUESTS[key.scopes.includes('*') ? 'qibla' : (key.scopes.find((scope) => FIRST_REQUESTS[scope]) ?? 'qibla')]!;

const GONE = page(
  'Link no longer valid',
  `<h1>This link no longer works</h1>
<p>A key link shows its key once, and only for 7 days. This one has been used already, has expired, or never
existed. If you did not see your key, ask the operator for a new one.</p>`,
);

function grants(key: ApiKeySummary): string {
  return `<dl>
<dt>Key</dt><dd><code>${escapeHtml(key.id)}</code> (${escapeHtml(key.name)})</dd>
<dt>Scopes</dt><dd>${escapeHtml(key.scopes.join(', '))}</dd>
<dt>Permissions</dt><dd>${escapeHtml(key.permissions.join(', '))}</dd>
<dt>Expires</dt><dd>${escapeHtml(key.expiresAt ?? 'never')}</dd>
</dl>`;
}

function claimPage(claim: OpenClaim): string {
  return page(
    'Your API key',
    `<h1>An API key for <span dir="auto">${escapeHtml(claim.name)}</span></h1>
<p>Requested for:</p>
<blockquote dir="auto">${escapeHtml(claim.project).replace(/\n/g, '<br>')}</blockquote>
${grants(claim.key)}
<p>The key is shown <strong>once</strong>: reveal it when you are ready to store it. This link works until
${escapeHtml(claim.claimExpiresAt)}.</p>
<form method="post"><button type="submit" id="reveal">Reveal my key</button></form>`,
  );
}

function revealedPage(key: string, summary: ApiKeySummary, origin: string): string {
  const example = `curl -H "X-API-Key: ${key}" "${origin}${firstRequestOf(summary)}"`;
  return page(
    'Your API key',
    `<h1>Your API key</h1>
<p>Store it now: it is shown only this once, and nobody (the operator included) can show it again.</p>
<p><code class="secret" id="api-key">${escapeHtml(key)}</code>
<button type="button" class="secondary" data-copy="api-key">Copy</button></p>
${grants(summary)}
<h2>Try it</h2>
<p>Send it in the <code>X-API-Key</code> header:</p>
<pre id="first-request">${escapeHtml(example)}</pre>
<button type="button" class="secondary" data-copy="first-request">Copy the command</button>
<p>The reference of every endpoint is at <a href="/docs">/docs</a>.</p>`,
    [CLAIM_SCRIPT_PATH],
  );
}

/** The copy buttons of the revealed key's page. */
export const CLAIM_SCRIPT = `'use strict';
document.querySelectorAll('button[data-copy]').forEach(function (button) {
  button.addEventListener('click', function () {
    var source = document.getElementById(button.getAttribute('data-copy'));
    if (!source || !navigator.clipboard) return;
    navigator.clipboard.writeText(source.textContent).then(function () {
      button.textContent = 'Copied';
    });
  });
});
`;

/** The origin of links and examples: PUBLIC_URL, else the request's own host. */
function originOf(req: IncomingMessage, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = req.headers.host;
  return host && /^[\w.:[\]-]+$/.test(host) ? `http://${host}` : '';
}

/** GET shows the claim; POST spends it and reveals the key. */
export function claimPages(deps: AppDependencies) {
  return {
    view: async (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => {
      const claim = await viewClaim(deps, params.token ?? '');
      sendPage(req, res, claim ? 200 : 410, claim ? claimPage(claim) : GONE);
    },
    reveal: async (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => {
      // Another site's page may not spend a link by posting to it.
      if (req.headers['sec-fetch-site'] === 'cross-site') return sendPage(req, res, 403, GONE);
      const claimed = await claimKey(deps, params.token ?? '');
      if (!claimed) return sendPage(req, res, 410, GONE);
      sendPage(req, res, 200, revealedPage(claimed.key, claimed.summary, originOf(req, deps.publicUrl)));
    },
  };
}
