import { OSM_ATTRIBUTION, RESOURCE_TYPES } from '@islamic-data/core';
import { closedObjects } from './openapi/closed-objects.js';
import { errorCodesOf, errorEnvelopeSchema, errorResponses } from './openapi/error-responses.js';
import { CAPTURED_EXAMPLES, type CapturedExample } from './openapi/examples.js';
import { notModified, servicePaths } from './openapi/service-paths.js';
import { permissionFor, type JsonSchema, type RouteDefinition } from './platform/route.js';

export const API_PREFIX = '/api/v1';

const rateLimitHeaders = {
  'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'Requests allowed per 60-second window.' },
  'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'Requests left in the current window.' },
  'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time in seconds when the window resets.' },
};

/** The OpenAPI 3.1 document, generated from the same route schemas that validate requests. */
export function buildOpenApiDocument(
  routes: RouteDefinition[],
  version = '1.0.0',
  examples: Readonly<Record<string, CapturedExample>> = CAPTURED_EXAMPLES,
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[API_PREFIX + route.path] ??= {})[route.method] = operation(route, examples);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Islamic Data API',
      version,
      description: [
        'Prayer times, Qibla, Hijri conversion, mosques, the Quran and nine Hadith collections.',
        'Responses are `{data}` on success and `{error: {code, message}}` on failure.',
        'Send your key in the `X-API-Key` header (in this reference: the Authentication box of any request). ' +
          'No key yet? Ask for one with the form at [/request-key](/request-key) (`POST /api/v1/key-requests`).',
        'Rate limit: a fixed 60-second window per key (100 requests by default); ' +
          'requests without a valid key are counted per client address, ' +
          'and such a request gets 429 once its address has spent the window.',
        'Keyed responses carry `Cache-Control: private, max-age=0`; ' +
          'every GET has an ETag and answers 304 to a matching If-None-Match.',
        'Reads and their preflights allow any origin; writes carry no CORS headers and are meant for servers.',
        'Every refusal is the error envelope with an `X-Request-Id`, also 431 HEADERS_TOO_LARGE (headers or URL ' +
          "over 16 KiB) and 408 REQUEST_TIMEOUT (a client slower than the server's header and request timeouts). " +
          'A malformed `%` escape in a path parameter, a body that does not decode as its Content-Encoding says, ' +
          'or a lone UTF-16 surrogate in any string of a body is a 400. `/health`, `/docs` and `/openapi.json` ' +
          'are not rate limited.',
        'The examples are responses of a running server, captured by a script.',
        `Mosques imported from OpenStreetMap carry \`source\`: ${OSM_ATTRIBUTION}, ` +
          'data available under the Open Database License ([openstreetmap.org/copyright](https://www.openstreetmap.org/copyright)).',
      ].join('\n\n'),
    },
    // No `servers`: the default is the document's own server, and a `/` here made the reference's
    // try-it client ask for `//api/v1/…`.
    tags: [...new Set([...routes.map((route) => route.tag), 'Service'])].map((name) => ({ name })),
    paths: { ...paths, ...servicePaths() },
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
      schemas: { Error: errorEnvelopeSchema() },
    },
    'x-scopes': [...RESOURCE_TYPES, '*', 'mosque:{slug}'],
  };
}

/** `get /quran/surahs/{surah}` → `getQuranSurahsSurah` */
export const operationIdOf = (route: Pick<RouteDefinition, 'method' | 'path'>) =>
  `${route.method}${route.path.replace(/[{}]/g, '').replace(/(^|[/.-])(\w)/g, (_, _sep, c: string) => c.toUpperCase())}`;

function operation(route: RouteDefinition, examples: Readonly<Record<string, CapturedExample>>): JsonSchema {
  const status = String(route.successStatus ?? 200);
  const operationId = operationIdOf(route);
  const example = examples[operationId];
  const access = route.resource
    ? `Needs a key with the scope \`${route.resource}\` (or \`*\`) ` +
      `and the permission \`${permissionFor(route.method)}\`.`
    : 'Open: no key needed.';
  return {
    tags: [route.tag],
    summary: route.summary,
    description: [route.description, access].filter(Boolean).join('\n\n'),
    operationId,
    security: route.resource ? [{ ApiKey: [] }, ...(route.keyInQuery ? [{ ApiKeyInQuery: [] }] : [])] : [],
    ...(route.resource ? { 'x-scope': route.resource, 'x-permission': permissionFor(route.method) } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body ? { requestBody: { required: true, content: requestContent(route) } } : {}),
    responses: withHtmlAnswers(route, {
      [status]: {
        description: route.produces?.description ?? 'Success',
        headers: rateLimitHeaders,
        ...(status === '204' ? {} : { content: successContent(route, example) }),
      },
      ...(route.otherSuccess
        ? {
            [String(route.otherSuccess.status)]: {
              description: route.otherSuccess.description,
              headers: rateLimitHeaders,
              content: successContent(route, undefined),
            },
          }
        : {}),
      ...(route.method === 'get' ? { '304': notModified } : {}),
      ...errorResponses(errorCodesOf(route), rateLimitHeaders),
    }),
  };
}

const HTML_PAGE = { 'text/html': { schema: { type: 'string' } } };

/** JSON, and an HTML form's fields on a route that takes them. */
function requestContent(route: RouteDefinition): Record<string, unknown> {
  const json = { 'application/json': { schema: route.body } };
  return route.htmlForm ? { ...json, 'application/x-www-form-urlencoded': { schema: route.body } } : json;
}

/**
 * A route that takes an HTML form answers a form post with a page: its success, and the refusals the sender
 * can correct (400, 409), are also `text/html`.
 */
function withHtmlAnswers(route: RouteDefinition, responses: Record<string, unknown>): Record<string, unknown> {
  if (!route.htmlForm) return responses;
  for (const status of [String(route.successStatus ?? 200), '400', '409']) {
    const response = responses[status] as { content?: Record<string, unknown> } | undefined;
    if (response?.content) response.content = { ...response.content, ...HTML_PAGE };
  }
  return responses;
}

function successContent(route: RouteDefinition, example: CapturedExample | undefined): Record<string, unknown> {
  const examples = example && {
    examples: {
      captured: {
        summary: example.request + (example.shortened ? ` (${example.shortened})` : ''),
        value: example.body,
      },
    },
  };
  if (route.produces) return { [route.produces.contentType]: { schema: route.response, ...examples } };
  const schema = { type: 'object', properties: { data: closedObjects(route.response) }, required: ['data'] };
  return { 'application/json': { schema: closedObjects(schema), ...examples } };
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
