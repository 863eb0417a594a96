/** The rate-limit headers of a response (CONTRACT §4); a field is null when the response did not carry it. */
export interface RateLimit {
  /** Requests allowed per window (`X-RateLimit-Limit`). */
  limit: number | null;
  /** Requests left in the current window (`X-RateLimit-Remaining`). */
  remaining: number | null;
  /** Unix time in seconds when the window resets (`X-RateLimit-Reset`). */
  reset: number | null;
}

/**
 * A refused or failed request: the API's error envelope (`{"error": {"code", "message"}}`) with its HTTP
 * status, the request id to quote in a bug report, the rate-limit headers and, on a 429, `Retry-After`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The envelope's code (`INVALID_API_KEY`, `NOT_FOUND`, `RATE_LIMITED`, …); `HTTP_<status>` when none came. */
    readonly code: string,
    readonly status: number,
    message: string,
    /** `X-Request-Id`: the id the server logged the request under (null when a browser may not read it). */
    readonly requestId: string | null,
    readonly rateLimit: RateLimit,
    /** `Retry-After` in seconds (429, 503), else null. */
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }

  /** The error a response stands for, from its headers and its body (parsed JSON, or text). */
  static of(response: Response, body: unknown): ApiError {
    const envelope = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    const code = typeof envelope?.code === 'string' ? envelope.code : `HTTP_${response.status}`;
    const message =
      typeof envelope?.message === 'string'
        ? envelope.message
        : `${response.status} ${response.statusText || 'error'} from ${response.url || 'the API'}.`;
    return new ApiError(
      code,
      response.status,
      message,
      response.headers.get('X-Request-Id'),
      rateLimitOf(response.headers),
      retryAfterSecondsOf(response.headers),
    );
  }
}

export function rateLimitOf(headers: Headers): RateLimit {
  return {
    limit: numberOf(headers.get('X-RateLimit-Limit')),
    remaining: numberOf(headers.get('X-RateLimit-Remaining')),
    reset: numberOf(headers.get('X-RateLimit-Reset')),
  };
}

/** `Retry-After` as seconds: a number of seconds, or an HTTP date (seconds from now, at least 0). */
export function retryAfterSecondsOf(headers: Headers, now = Date.now()): number | null {
  const value = headers.get('Retry-After');
  if (value === null || value.trim() === '') return null;
  const seconds = numberOf(value);
  if (seconds !== null) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function numberOf(value: string | null): number | null {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
}
