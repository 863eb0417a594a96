import type { Logger } from 'pino';
import type { RequestContext } from './request-context.js';

/** A path as it may be logged: the secret of a claim link (`/keys/claim/{token}`) is left out. */
export const loggablePath = (path: string): string => path.replace(/^(\/keys\/claim\/)[^/]+/i, '$1(token)');

/**
 * One structured line per request, written when its response is finished (the pipeline says when, and how long it
 * took). Only the path is logged (a claim link's token left out): never headers or the query string, so that a
 * key sent by mistake in either place cannot reach the log.
 */
export function logRequest(logger: Logger, ctx: RequestContext, durationMs: number): void {
  logger.info(
    {
      requestId: ctx.requestId,
      method: ctx.req.method,
      path: loggablePath(ctx.path),
      status: ctx.res.statusCode,
      durationMs,
      // The key presented and found, whether or not the route then accepted it (who is probing what).
      keyId: ctx.verification.outcome === 'ok' ? ctx.verification.key.id : null,
    },
    'request',
  );
}
