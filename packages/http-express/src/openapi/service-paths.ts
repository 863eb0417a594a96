import { errorResponses } from './error-responses.js';

/** The routes outside /api/v1 (health, the document itself and its reference page), as OpenAPI paths. */
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
    '/docs/scalar-api-reference.js': script('The reference’s bundle (@scalar/api-reference)', 'getDocsBundle'),
    '/docs/reference.js': script('The script that starts the reference over /openapi.json', 'getDocsScript'),
  };
}

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
