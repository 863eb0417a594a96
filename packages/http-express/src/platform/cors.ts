import cors from 'cors';
import type { RequestHandler } from 'express';

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

/**
 * Reads (and preflights for reads) are open to every origin; writes and their preflights get no
 * CORS headers at all, so browsers cannot send them: write keys belong on servers.
 */
export const corsForReads: RequestHandler = (req, res, next) => {
  if (READ_METHODS.has(req.method)) {
    // What cors() writes on a read, without its per-request option handling (this runs on every read).
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
    return next();
  }
  const preflightFor = req.method === 'OPTIONS' ? req.get('Access-Control-Request-Method') : undefined;
  if (preflightFor && READ_METHODS.has(preflightFor.toUpperCase())) {
    allowPreflightsForReads(req, res, next);
    return;
  }
  if (preflightFor) {
    res.status(204).end();
    return;
  }
  next();
};
