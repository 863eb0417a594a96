import { errorResponses } from './error-responses.js';

/** The routes outside /api/v1 (health, the document, its reference, the key request form and claim pages). */
export function servicePaths(): Record<string, unknown> {
  // Not rate limited: a load balancer's health checks and readers of the docs spend no client's budget.
  const failures = errorResponses(['INTERNAL_ERROR'], {});
  const open = { tags: ['Service'], security: [] };
  const script = (summary: string, operationId: string) => ({
    get: {
      ...open,
      summary,
      operationId,
      responses: {
        '200': { description: 'JavaScript.', content: { 'text/javascript': { schema: { type: 'string' } } } },
        '304': notModified,
        ...failures,
      },
    },
  });
  return {
    '/health': {
      get: {
        ...open,
        summary: 'Liveness and database check (for load balancers)',
        description: '200 while the database answers, 503 when it does not. `Cache-Control: no-store`.',
        operationId: 'getHealth',
        responses: {
          '200': { description: 'Healthy.', content: { 'application/json': { schema: healthSchema(['ok']) } } },
          '304': notModified,
          '503': {
            description: 'The database does not answer.',
            content: { 'application/json': { schema: healthSchema(['unavailable']) } },
          },
          ...failures,
        },
      },
    },
    '/openapi.json': {
      get: {
        ...open,
        summary: 'This OpenAPI 3.1 document',
        operationId: 'getOpenApiDocument',
        responses: {
          '200': {
            description: 'The document.',
            content: { 'application/json': { schema: documentSchema } },
          },
          '304': notModified,
          ...failures,
        },
      },
    },
    '/docs': {
      get: {
        ...open,
        summary: 'The interactive reference (Scalar) over this document',
        description: 'Served with a Content-Security-Policy that allows no other host, and never framed.',
        operationId: 'getDocs',
        responses: {
          '200': { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } },
          '304': notModified,
          ...failures,
        },
      },
    },
    '/request-key': {
      get: {
        ...open,
        summary: 'The form for asking for a key',
        description:
          'Posts to `POST /api/v1/key-requests`; works with JavaScript off (answered in HTML) and on (each field ' +
          'checked against that operation’s request schema before sending). Strict Content-Security-Policy.',
        operationId: 'getRequestKeyForm',
        responses: { '200': htmlPage, '304': notModified, ...failures },
      },
    },
    '/request-key/form.js': script('The form’s checks, made from the request schema', 'getRequestKeyScript'),
    '/pages/style.css': {
      get: {
        ...open,
        summary: 'The stylesheet of the service’s pages',
        operationId: 'getPagesStylesheet',
        responses: {
          '200': { description: 'CSS.', content: { 'text/css': { schema: { type: 'string' } } } },
          '304': notModified,
          ...failures,
        },
      },
    },
    '/keys/claim/{token}': {
      parameters: [
        {
          name: 'token',
          in: 'path',
          required: true,
          description: 'The one-time token of the link an approval sends (stored only as its SHA-256).',
          schema: { type: 'string' },
        },
      ],
      get: {
        ...open,
        summary: 'A key claim link: who asked and what was granted, with a “Reveal my key” button',
        description:
          'Spends nothing (link scanners and prefetches are harmless). `Cache-Control: no-store`, ' +
          '`Referrer-Policy: no-referrer`. 410 when the link was used, expired (7 days) or never existed.',
        operationId: 'getKeyClaim',
        responses: { '200': htmlPage, '410': gonePage, ...failures },
      },
      post: {
        ...open,
        summary: 'Reveal the key, once',
        description:
          'Shows the key with a copy button and a first request to try, once: the request becomes `claimed`. ' +
          '`Cache-Control: no-store`, `Referrer-Policy: no-referrer`. 410 after (or when expired); 403 when ' +
          'posted from another site’s page.',
        operationId: 'postKeyClaim',
        responses: {
          '200': htmlPage,
          '403': { description: 'Posted from another site.', content: { 'text/html': { schema: { type: 'string' } } } },
          '410': gonePage,
          ...failures,
        },
      },
    },
    '/keys/claim.js': script('The copy buttons of the revealed key', 'getKeyClaimScript'),
    '/docs/scalar-api-reference.js': script('The reference’s bundle (@scalar/api-reference)', 'getDocsBundle'),
    '/docs/reference.js': script('The script that starts the reference over /openapi.json', 'getDocsScript'),
  };
}

const htmlPage = { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } };
const gonePage = {
  description: 'The link was used, has expired, or never existed.',
  content: { 'text/html': { schema: { type: 'string' } } },
};

export const notModified = { description: 'Not Modified: `If-None-Match` matched the ETag; no body.' };

const documentSchema = {
  type: 'object',
  properties: { openapi: { const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
  required: ['openapi', 'info', 'paths'],
};

const healthSchema = (status: string[]) => ({
  type: 'object',
  properties: { status: { type: 'string', enum: status } },
  required: ['status'],
  additionalProperties: false,
});
