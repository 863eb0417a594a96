import type { IncomingMessage, ServerResponse } from 'node:http';
import { Representation } from '../platform/representation.js';

/**
 * What the service's own HTML pages (the key request form, the claim pages) share: escaping, one layout and
 * stylesheet in the spirit of /docs, and a strict Content-Security-Policy. Nothing comes from another origin;
 * scripts and styles are files of this server, never inline.
 */

export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const PAGE_HEADERS = {
  'Content-Security-Policy': PAGE_CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
};

export const HTML = 'text/html; charset=utf-8';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A whole page: the header of the service, the main content, and the page's own script files. */
export function page(title: string, main: string, scripts: readonly string[] = []): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Islamic Data API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/pages/style.css">
</head>
<body>
<header><a href="/docs">Islamic Data API</a>
<nav><a href="/docs">Reference</a> <a href="/request-key">Request a key</a></nav></header>
<main>
${main}
</main>
${scripts.map((src) => `<script src="${escapeHtml(src)}"></script>`).join('\n')}
</body>
</html>
`;
}

const STYLE = `
:root { color-scheme: light dark; --accent: #0f6cbd; --error: #b3261e; --muted: #5f6b7a; --line: #d6dbe1;
  --bg: #ffffff; --panel: #f6f8fa; --text: #1f2328; }
@media (prefers-color-scheme: dark) { :root { --accent: #6cb6ff; --error: #ff8a80; --muted: #9aa5b1; --line: #30363d;
  --bg: #0d1117; --panel: #161b22; --text: #e6edf3; } }
* { box-sizing: border-box; }
body { margin: 0;
  font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", sans-serif;
  color: var(--text); background: var(--bg); }
header { display: flex; justify-content: space-between; align-items: center; padding: .75rem 1.5rem;
  border-bottom: 1px solid var(--line); background: var(--panel); }
header a { color: var(--text); font-weight: 600; text-decoration: none; }
header nav a { font-weight: 400; margin-left: 1rem; color: var(--accent); }
main { max-width: 44rem; margin: 2rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
label, legend { display: block; font-weight: 600; margin: 1.1rem 0 .3rem; }
.hint { color: var(--muted); font-size: .9rem; margin: .1rem 0 .3rem; }
input[type=text], input[type=email], input[type=url], textarea { width: 100%; padding: .55rem .65rem; font: inherit;
  color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; }
textarea { min-height: 7rem; resize: vertical; }
input:focus, textarea:focus { outline: 2px solid var(--accent); outline-offset: 1px; }
[aria-invalid=true] { border-color: var(--error); }
fieldset { border: 1px solid var(--line); border-radius: 6px; padding: .4rem 1rem .8rem; margin: 1.1rem 0 0; }
fieldset label { display: inline-flex; gap: .35rem; font-weight: 400; margin: .3rem 1.2rem .3rem 0; }
.field-error { color: var(--error); font-size: .92rem; margin: .3rem 0 0; }
.field-error:empty { display: none; }
.form-error { border: 1px solid var(--error); color: var(--error); padding: .6rem .8rem; border-radius: 6px; }
button { margin-top: 1.4rem; padding: .6rem 1.2rem; font: inherit; font-weight: 600; color: #fff;
  background: var(--accent); border: 0; border-radius: 6px; cursor: pointer; }
button.secondary { margin: 0 0 0 .6rem; padding: .3rem .8rem; font-weight: 400; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--panel);
  border: 1px solid var(--line); border-radius: 6px; }
code { padding: .1rem .35rem; }
pre { padding: .8rem; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
.secret { font-size: 1.05rem; padding: .5rem .7rem; display: inline-block; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
dt { font-weight: 600; } dd { margin: 0; }
.trap { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
`;

/** The pages' stylesheet and the representation of each page script, by path. */
export function pageAssets(scripts: Record<string, string>): Record<string, Representation> {
  const assets: Record<string, Representation> = {
    '/pages/style.css': new Representation(Buffer.from(STYLE), {
      'Content-Type': 'text/css; charset=utf-8',
      ...PAGE_HEADERS,
    }),
  };
  for (const [path, source] of Object.entries(scripts))
    assets[path] = new Representation(Buffer.from(source), {
      'Content-Type': 'text/javascript; charset=utf-8',
      ...PAGE_HEADERS,
    });
  return assets;
}

/** Sends a page made for one request (a form's answer, a claim): never stored, with the pages' protections. */
export function sendPage(req: IncomingMessage, res: ServerResponse, status: number, html: string): void {
  const body = Buffer.from(html);
  res.statusCode = status;
  for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', HTML);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
