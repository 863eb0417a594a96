import type { JsonSchema } from './platform/route.js';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  'x-scope'?: string;
  'x-permission'?: string;
  parameters?: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  responses?: Record<string, { description?: string }>;
}

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}' +
  'code{background:#f3f3f3;padding:0 .2em}\n' +
  'table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:.2em .5em;text-align:left}' +
  '.m{color:#06c}section{border-top:1px solid #ddd;margin-top:1.5rem}';

/** A self-contained HTML reference rendered from the OpenAPI document (no scripts, no external assets). */
export function renderDocsPage(document: JsonSchema): string {
  const info = document.info as { title: string; version: string; description: string };
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const sections = Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => {
      const access = op.security?.length
        ? `key with scope <code>${escape(op['x-scope'] ?? '')}</code> ` +
          `and permission <code>${escape(op['x-permission'] ?? '')}</code>`
        : 'open (no key)';
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td>` +
            `<td>${escape(String(p.schema.type ?? ''))}</td><td>${escape(p.description ?? '')}</td></tr>`,
        )
        .join('');
      const responses = Object.entries(op.responses ?? {})
        .map(([status, response]) => `<li><b>${status}</b> ${escape(response.description ?? '')}</li>`)
        .join('');
      return `<section><h2><span class="m">${method.toUpperCase()}</span> ${escape(path)}</h2>
<p>${escape(op.summary ?? '')}</p>${op.description ? `<p>${escape(op.description)}</p>` : ''}<p>Access: ${access}</p>
${params ? `<table><tr><th>name</th><th>in</th><th>required</th><th>type</th><th>notes</th></tr>${params}</table>` : ''}
<ul>${responses}</ul></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(info.title)} reference</title>
<style>${STYLE}</style>
</head><body><h1>${escape(info.title)} ${escape(info.version)}</h1>
${info.description
  .split('\n\n')
  .map((p) => `<p>${escape(p)}</p>`)
  .join('')}
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a></p>${sections.join('\n')}</body></html>`;
}
