import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { AppResponse } from './app-response.js';

/**
 * One structured line per request, written when its response is finished. Only the path is logged: never
 * headers or the query string, so that a key sent by mistake in either place cannot reach the log.
 */
export function requestLog(logger: Logger) {
  return (req: IncomingMessage, res: AppResponse, path: string): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      logger.info(
        {
          requestId: res.locals.requestId,
          method: req.method,
          path,
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
          keyId: res.locals.key?.id ?? null,
        },
        'request',
      );
    });
  };
}
