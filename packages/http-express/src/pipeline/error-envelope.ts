import { AppError, validationError } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { HttpRefusal, isKnownFailure, STATUS_BY_ERROR_CODE, type ApiErrorCode } from '../platform/error-statuses.js';
import { JSON_CONTENT_TYPE } from '../platform/representation.js';
import { loggablePath } from './request-log.js';

/** Seconds a 503 asks the client to wait before it tries again. */
const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = '2';

/** The one place the error envelope is built: `{"error": {"code", "message"}}` as the bytes sent. */
export const envelope = (code: ApiErrorCode, message: string): Buffer =>
  Buffer.from(JSON.stringify({ error: { code, message } }));

/** Sends an envelope with its code's status (no body on HEAD); headers set so far stay. */
export function sendEnvelope(req: IncomingMessage, res: ServerResponse, code: ApiErrorCode, body: Buffer): void {
  res.statusCode = STATUS_BY_ERROR_CODE[code];
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** What the pipeline knows of a request when it fails: enough to word the failure and log an unexpected one. */
export interface FailedRequest {
  req: IncomingMessage;
  res: ServerResponse;
  requestId: string;
  path: string;
}

/**
 * Every failure leaves as the envelope with its code's status; an unexpected one is logged with the request
 * id and worded without internals. A response already begun can only be cut short.
 */
export function sendFailure(logger: Logger, { req, res, requestId, path }: FailedRequest, error: unknown): void {
  const known = isKnownFailure(error) ? error : fromRequestReading(error, req.headers['content-encoding']);
  if (!known)
    logger.error({ requestId, err: error, method: req.method, path: loggablePath(path) }, 'unexpected failure');
  if (res.headersSent) return void res.destroy();
  const failure =
    known ?? new AppError('INTERNAL_ERROR', `Something went wrong; quote request id ${requestId} when reporting it.`);
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store');
  // A busy database or an unreachable rate limiter: the client may try again shortly.
  if (failure.code === 'SERVICE_UNAVAILABLE' && !res.hasHeader('Retry-After'))
    res.setHeader('Retry-After', SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS);
  sendEnvelope(req, res, failure.code, envelope(failure.code, failure.message));
}

/** Failures body-parser raises for a body it cannot read, in the service's terms. */
function fromRequestReading(error: unknown, contentEncoding: string | undefined): AppError | HttpRefusal | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, status, code } = error as { type?: string; status?: number; code?: unknown };
  // zlib's codes (Z_DATA_ERROR, and brotli's ERR__ERROR_…) when a body does not decode as its Content-Encoding says.
  if (status === 400 && typeof code === 'string' && /^(Z_|ERR__ERROR)/.test(code)) {
    const named = contentEncoding && /^[\w-]{1,20}$/.test(contentEncoding) ? contentEncoding : 'compressed';
    return new HttpRefusal('INVALID_JSON', `The request body is not valid ${named} data (its Content-Encoding).`);
  }
  switch (type) {
    case 'entity.parse.failed':
      return new HttpRefusal('INVALID_JSON', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 64 KiB.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return validationError('The request body must be UTF-8 JSON.');
    default:
      return undefined;
  }
}
