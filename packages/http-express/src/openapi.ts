import { ERROR_CODES, RESOURCE_TYPES } from '@islamic-data/core';
import { STATUS_BY_ERROR_CODE } from './platform/error-statuses.js';
import { permissionFor, type JsonSchema, type RouteDefinition } from './platform/route.js';

export const API_PREFIX = '/api/v1';

const errorEnvelope: JsonSchema = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string', enum: [...ERROR_CODES] }, message: { type: 'string' } },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

const rateLimitHeaders = {
  'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed per 60-second window.' },
  'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the current window.' },
  'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time in seconds when the window resets.' },
};

/** The OpenAPI 3.1 document, generated from the same route schemas that validate requests. */
export function buildOpenApiDocument(routes: RouteDefinition[], version = '1.0.0'): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[API_PREFIX + route.path] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Islamic Data API',
      version,
      description: [
        'Prayer times, Qibla, Hijri conversion, mosques, the Quran and nine Hadith collections.',
        'Responses are `{data}` on success and `{error: {code, message}}` on failure.',
        'Rate limit: a fixed 60-second window per key (100 requests by default); ' +
          'requests without a valid key are counted per client address, ' +
          'and such a request gets 429 once its address has spent the window.',
        'Keyed responses carry `Cache-Control: private, max-age=0`; ' +
          'every GET has an ETag and answers 304 to a matching If-None-Match.',
        'Reads and their preflights allow any origin; writes carry no CORS headers and are meant for servers.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        ApiKeyInQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description:
            'Only on routes that list it (calendar feeds, for apps that cannot send headers); ' +
            'everywhere else `key` is ignored and such a request is one without a key (401). ' +
            'A URL holding a key is a secret.',
        },
      },
      schemas: { Error: errorEnvelope },
    },
    'x-scopes': [...RESOURCE_TYPES, '*'],
  };
}

function operation(route: RouteDefinition): Record<string, unknown> {
  const status = String(route.successStatus ?? 200);
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    operationId: `${route.method}${route.path.replace(/[{}]/g, '').replace(/(^|[/-])(\w)/g, (_, _sep, c: string) => c.toUpperCase())}`,
    security: route.resource ? [{ ApiKey: [] }, ...(route.keyInQuery ? [{ ApiKeyInQuery: [] }] : [])] : [],
    ...(route.resource ? { 'x-scope': route.resource, 'x-permission': permissionFor(route.method) } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } } : {}),
    responses: {
      [status]: {
        description: 'Success',
        headers: rateLimitHeaders,
        ...(status === '204'
          ? {}
          : route.produces
            ? {
                description: route.produces.description,
                content: { [route.produces.contentType]: { schema: route.response } },
              }
            : {
                content: {
                  'application/json': {
                    schema: { type: 'object', properties: { data: route.response }, required: ['data'] },
                  },
                },
              }),
      },
      ...errorResponses(route),
    },
  };
}

function parameters(schema: JsonSchema | undefined, location: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    ...(property.description ? { description: property.description } : {}),
    schema: property,
  }));
}

function errorResponses(route: RouteDefinition): Record<string, unknown> {
  // SERVICE_UNAVAILABLE: the shared rate-limit store (Redis) cannot be reached, so no request is counted or served.
  const codes = new Set(['VALIDATION_ERROR', 'NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);
  if (route.resource)
    ['MISSING_API_KEY', 'INVALID_API_KEY', 'EXPIRED_API_KEY', 'INSUFFICIENT_SCOPE', 'INSUFFICIENT_PERMISSION'].forEach(
      (c) => codes.add(c),
    );
  if (route.body) ['INVALID_JSON', 'PAYLOAD_TOO_LARGE'].forEach((c) => codes.add(c));
  route.errors?.forEach((code) => codes.add(code));
  const byStatus: Record<string, string[]> = {};
  for (const code of codes)
    (byStatus[String(STATUS_BY_ERROR_CODE[code as keyof typeof STATUS_BY_ERROR_CODE])] ??= []).push(code);
  return Object.fromEntries(
    Object.entries(byStatus).map(([status, list]) => [
      status,
      {
        description: list.join(', '),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}
