import type { ErrorCode } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_CONTENT_TYPE } from './representation.js';

/** The one table from error codes to HTTP statuses. */
export const STATUS_BY_ERROR_CODE: Record<ErrorCode, number> = {
  MISSING_API_KEY: 401,
  INVALID_API_KEY: 401,
  EXPIRED_API_KEY: 401,
  INSUFFICIENT_SCOPE: 403,
  INSUFFICIENT_PERMISSION: 403,
  FORBIDDEN_LOCALE: 403,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** The `{error: {code, message}}` envelope as the bytes sent. */
export const envelopeBytes = (code: ErrorCode, message: string): Buffer =>
  Buffer.from(JSON.stringify({ error: { code, message } }));

/** Sends an envelope made by `envelopeBytes` with its code's status, outside Express's error handling. */
export function sendEnvelope(req: IncomingMessage, res: ServerResponse, code: ErrorCode, body: Buffer): void {
  res.statusCode = STATUS_BY_ERROR_CODE[code];
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
