import { API_ERROR_CODES, STATUS_BY_ERROR_CODE, type ApiErrorCode as ErrorCode } from '../platform/error-statuses.js';
import type { JsonSchema, RouteDefinition } from '../platform/route.js';

/** The error envelope; `codes` narrows `error.code` to the codes one response status can carry. */
export const errorEnvelopeSchema = (codes: readonly string[] = API_ERROR_CODES): JsonSchema => ({
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: [...codes] },
        message: { type: 'string', minLength: 1, description: 'One sentence naming the offending parameter.' },
      },
      required: ['code', 'message'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
});

/**
 * What every route can answer: a bad parameter, an unknown record, a spent rate limit, a failure, and
 * SERVICE_UNAVAILABLE when the shared rate-limit store (Redis) cannot be reached or, on SQLite, a write waited
 * WRITE_WAIT_MS for another process's write lock (both with `Retry-After`).
 */
const EVERY_ROUTE: ErrorCode[] = [
  'VALIDATION_ERROR',
  'NOT_FOUND',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
];
const KEYED: ErrorCode[] = [
  'MISSING_API_KEY',
  'INVALID_API_KEY',
  'EXPIRED_API_KEY',
  'INSUFFICIENT_SCOPE',
  'INSUFFICIENT_PERMISSION',
];
const WITH_BODY: ErrorCode[] = ['INVALID_JSON', 'PAYLOAD_TOO_LARGE'];

/** The error codes a route can answer: the platform's for its kind of route and its own guards'. */
export function errorCodesOf(route: Pick<RouteDefinition, 'resource' | 'body' | 'errors'>): ErrorCode[] {
  return [
    ...new Set([
      ...EVERY_ROUTE,
      ...(route.resource ? KEYED : []),
      ...(route.body ? WITH_BODY : []),
      ...(route.errors ?? []),
    ]),
  ];
}

/** One OpenAPI response per status, naming its codes and allowing only them in `error.code`. */
export function errorResponses(codes: readonly ErrorCode[], headers: Record<string, unknown>): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(STATUS_BY_ERROR_CODE[code], [...(byStatus.get(STATUS_BY_ERROR_CODE[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        String(status),
        {
          description: list.map((code) => `\`${code}\``).join(', '),
          headers: status === 429 ? { ...headers, 'Retry-After': RETRY_AFTER } : headers,
          content: { 'application/json': { schema: errorEnvelopeSchema(list) } },
        },
      ]),
  );
}

const RETRY_AFTER = { schema: { type: 'integer' }, description: 'Seconds until the window resets.' };
