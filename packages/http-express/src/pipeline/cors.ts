import cors from 'cors';
import type { IncomingMessage, ServerResponse } from 'node:http';

const READ_METHODS = new Set(['GET', 'HEAD']);

const EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'X-Request-Id',
  'ETag',
];

const allowPreflightsForReads = cors({
  origin: '*',
  methods: ['GET', 'HEAD'],
  allowedHeaders: ['X-API-Key', 'If-None-Match', 'X-Request-Id'],
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: 86_400,
});
const exposedHeaders = EXPOSED_HEADERS.join(',');

const isRead = (req: IncomingMessage) => READ_METHODS.has(req.method ?? '');

/**
 * Reads are open to every origin (what cors() writes on a read, without its per-request option handling:
 * this runs on every read). Writes get no CORS headers at all, so browsers cannot send them: write keys
 * belong on servers.
 */
export function allowReadsFromAnyOrigin(req: IncomingMessage, res: ServerResponse): void {
  if (!isRead(req)) return;
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
}

/** A CORS preflight: answered first, outside the rate limit, as browsers send them on their own. */
export const isPreflight = (req: IncomingMessage) =>
  req.method === 'OPTIONS' && Boolean(req.headers['access-control-request-method']);

/** Preflights for reads are allowed; preflights for writes get a bare 204 that allows nothing. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const preflightFor = String(req.headers['access-control-request-method']).toUpperCase();
  if (READ_METHODS.has(preflightFor)) {
    return allowPreflightsForReads(req as never, res as never, () => {
      res.statusCode = 204;
      res.end();
    });
  }
  res.statusCode = 204;
  res.end();
}
