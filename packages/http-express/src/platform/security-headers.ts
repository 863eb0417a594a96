import type { ServerResponse } from 'node:http';

/** Browsers must take every response as the type it declares (a JSON error is never sniffed into HTML). */
export const forbidSniffing = (res: ServerResponse): void => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
};
