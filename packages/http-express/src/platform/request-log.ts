import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * One structured line per request. Only the path is logged: never headers or the query string,
 * so that a key sent by mistake in either place cannot reach the log.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          requestId: res.locals.requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          keyId: res.locals.key?.id ?? null,
        },
        'request',
      );
    });
    next();
  };
}
