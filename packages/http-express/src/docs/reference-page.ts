import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Representation } from '../platform/representation.js';

/**
 * `/docs`: Scalar's API reference (`@scalar/api-reference`, its browser bundle served from the npm
 * package by this server) over `/openapi.json`. Nothing is fetched from another host: no CDN, no web
 * fonts (`withDefaultFonts: false`), no telemetry, no Scalar proxy; the CSP below enforces it.
 */

const SCALAR_BUNDLE_PATH = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');

/**
 * The bundle's copy of Zod probes whether `new Function` may run, to compile its validators; under our
 * CSP (no 'unsafe-eval') that probe is a CSP violation, reported on every page view. Zod's `jitless`
 * setting skips it, but the bundle keeps Zod's settings private, so the probe is answered here with what
 * the CSP would answer (Zod then validates without compiling, as it does under any strict CSP).
 */
const EVAL_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

function scalarBundle(): string {
  const original = readFileSync(SCALAR_BUNDLE_PATH, 'utf8');
  const probes = original.split(EVAL_PROBE).length - 1;
  if (probes !== 1) throw new Error(`Expected one eval probe in ${SCALAR_BUNDLE_PATH}, found ${probes}.`);
  return original.replace(EVAL_PROBE, 'return!1');
}

/** The page's own script: a file, not inline, so the CSP needs no `unsafe-inline` for scripts. */
const PAGE_SCRIPT = `Scalar.createApiReference('#reference', ${JSON.stringify({
  url: '/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  persistAuth: false,
  hideClientButton: false,
  documentDownloadType: 'json',
  defaultOpenAllTags: false,
  authentication: { preferredSecurityScheme: 'ApiKey' },
})});\n`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Islamic Data API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<noscript>This reference needs JavaScript; the document itself is <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="/docs/scalar-api-reference.js"></script>
<script src="/docs/reference.js"></script>
</body>
</html>
`;

/**
 * Scripts only from this server; styles from it and inline (the reference's components set style
 * attributes); images and fonts also as data: URLs (its icons); requests only to this server
 * (the try-it client); never framed (with X-Frame-Options for browsers without frame-ancestors).
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PROTECTION = { 'Content-Security-Policy': DOCS_CONTENT_SECURITY_POLICY, 'X-Frame-Options': 'DENY' };
const HTML = 'text/html; charset=utf-8';
const JAVASCRIPT = 'text/javascript; charset=utf-8';

/** `/docs` and its two scripts, by path. */
export function docsPages(): Record<string, Representation> {
  return {
    '/docs': new Representation(Buffer.from(PAGE), { 'Content-Type': HTML, ...PROTECTION }),
    '/docs/reference.js': new Representation(Buffer.from(PAGE_SCRIPT), { 'Content-Type': JAVASCRIPT, ...PROTECTION }),
    '/docs/scalar-api-reference.js': new Representation(Buffer.from(scalarBundle()), {
      'Content-Type': JAVASCRIPT,
      ...PROTECTION,
    }),
  };
}
