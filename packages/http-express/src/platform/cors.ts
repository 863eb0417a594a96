import cors from 'cors';
import type { RequestHandler } from 'express';

const READ_METHODS = new Set(['GET', 'HEAD']);

const allowReadsFromAnyOrigin = cors({
  origin: '*',
  methods: ['GET', 'HEAD'],
  allowedHeaders: ['X-API-Key', 'If-None-Match', 'X-Request-Id'],
  exposedHeaders: [
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'Retry-After',
    'X-Request-Id',
    'ETag',
  ],
  maxAge: 86_400,
});

/**
 * Reads (and preflights for reads) are open to every origin; writes and their preflights get no
 * CORS headers at all, so browsers cannot send them: write keys belong on servers.
 */
export const corsForReads: RequestHandler = (req, res, next) => {
  const preflightFor = req.method === 'OPTIONS' ? req.get('Access-Control-Request-Method') : undefined;
  if (READ_METHODS.has(req.method) || (preflightFor && READ_METHODS.has(preflightFor.toUpperCase()))) {
    allowReadsFromAnyOrigin(req, res, next);
    return;
  }
  if (preflightFor) {
    res.status(204).end();
    return;
  }
  next();
};
