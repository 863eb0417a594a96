import { AppError, validationError } from '@islamic-data/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { STATUS_BY_ERROR_CODE } from './error-statuses.js';

/** Failures Express and body-parser raise for a request they cannot read, in the service's terms. */
function fromRequestReading(
  error: { type?: string; status?: number; code?: unknown },
  contentEncoding: string | undefined,
): AppError | undefined {
  // zlib's codes (Z_DATA_ERROR, and brotli's ERR__ERROR_…) when a body does not decode as its Content-Encoding says.
  if (error.status === 400 && typeof error.code === 'string' && /^(Z_|ERR__ERROR)/.test(error.code)) {
    const named = contentEncoding && /^[\w-]{1,20}$/.test(contentEncoding) ? contentEncoding : 'compressed';
    return new AppError('INVALID_JSON', `The request body is not valid ${named} data (its Content-Encoding).`);
  }
  // The router's last resort for a path it cannot decode (rejectMalformedPathEscapes names the parameter first).
  if (error instanceof URIError && error.status === 400) {
    return validationError('The request path is not valid percent-encoded UTF-8.');
  }
  switch (error.type) {
    case 'entity.parse.failed':
      return new AppError('INVALID_JSON', 'The request body is not valid JSON.');
    case 'entity.too.large':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 64 KiB.');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return validationError('The request body must be UTF-8 JSON.');
    default:
      return undefined;
  }
}

/** Every failure leaves as `{error: {code, message}}`; unexpected ones are logged with the request id. */
export function errorEnvelope(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof AppError ? error : fromRequestReading(error ?? {}, req.get('Content-Encoding'));
    if (!known) {
      logger.error(
        { requestId: res.locals.requestId, err: error, method: req.method, path: req.path },
        'unexpected failure',
      );
    }
    const appError =
      known ??
      new AppError(
        'INTERNAL_ERROR',
        `Something went wrong; quote request id ${res.locals.requestId} when reporting it.`,
      );
    if (res.headersSent) return res.end();
    res.status(STATUS_BY_ERROR_CODE[appError.code]).json({ error: { code: appError.code, message: appError.message } });
  };
}

export const unknownRoute: RequestHandler = (req, _res, next) => {
  next(new AppError('NOT_FOUND', `No route for ${req.method} ${req.path}.`));
};

/** A known path asked with a method it does not have. */
export function methodNotAllowed(allowed: string[]): RequestHandler {
  const allow = [
    ...new Set([
      ...allowed.map((method) => method.toUpperCase()),
      ...(allowed.includes('get') ? ['HEAD'] : []),
      'OPTIONS',
    ]),
  ].join(', ');
  return (req, res, next) => {
    res.setHeader('Allow', allow);
    if (req.method === 'OPTIONS') return res.status(204).end();
    next(new AppError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}; allowed: ${allow}.`));
  };
}
