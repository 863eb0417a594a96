import type { RequestHandler } from 'express';

/** Browsers must take every response as the type it declares (a JSON error is never sniffed into HTML). */
export const noSniff: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  next();
};
