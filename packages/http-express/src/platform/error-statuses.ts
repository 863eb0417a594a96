import { AppError, type ErrorCode } from '@islamic-data/core';

/** Failures of HTTP itself, which no use case can cause: the HTTP adapter's own codes. */
export const HTTP_ERROR_CODES = ['INVALID_JSON', 'METHOD_NOT_ALLOWED', 'HEADERS_TOO_LARGE', 'REQUEST_TIMEOUT'] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** Every code an API response can carry. */
export type ApiErrorCode = ErrorCode | HttpErrorCode;

/** A refusal of the HTTP adapter's own, in its code and one sentence. */
export class HttpRefusal extends Error {
  constructor(
    readonly code: HttpErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'HttpRefusal';
  }
}

/** The one table from error codes to HTTP statuses. */
export const STATUS_BY_ERROR_CODE: Record<ApiErrorCode, number> = {
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
  RATE_LIMITED: 429,
  CONFLICT: 409,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export const API_ERROR_CODES = Object.keys(STATUS_BY_ERROR_CODE) as ApiErrorCode[];

/** A failure the envelope can word as it is: a use case's or the adapter's own. */
export const isKnownFailure = (error: unknown): error is AppError | HttpRefusal =>
  error instanceof AppError || error instanceof HttpRefusal;
