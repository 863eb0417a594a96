import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const ACCEPTABLE_INCOMING_ID = /^[\w.-]{1,128}$/;

/**
 * Gives the request an id (the client's own when it is a plain token), echoed in `X-Request-Id`, and the
 * header every response carries: browsers must take it as the type it declares (a JSON error is never
 * sniffed into HTML).
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTABLE_INCOMING_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return id;
}
