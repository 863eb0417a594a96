import type { IncomingMessage, ServerResponse } from 'node:http';
import parseUrl from 'parseurl';
import proxyAddr from 'proxy-addr';
import type { AppDependencies } from '../dependencies.js';
import type { AppResponse, RequestLocals } from './app-response.js';
import { answerFromCache } from './cached-reads.js';
import { allowReadsFromAnyOrigin, isPreflight, isRead } from './cors.js';
import { announceLimit, identifyAndCount, refuse } from './rate-limit.js';
import { assignRequestId } from './request-id.js';
import { requestLog } from './request-log.js';
import type { RepresentationCache } from './representation-cache.js';
import { envelopeBytes, sendEnvelope } from './error-statuses.js';
import { routedPathKey } from './route.js';
import { forbidSniffing } from './security-headers.js';

/** The Express app's own request handling, which the front door hands every request it does not answer. */
export type ExpressHandling = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

export interface FrontDoorOptions {
  cache: RepresentationCache;
  /** Paths outside the rate limit (health, the document, the reference), as Express matches them. */
  servicePaths: readonly string[];
  /** The routes that also accept a key in the query. */
  keyInQueryPaths: readonly string[];
  /** Express's compiled `trust proxy` setting: which hops' addresses to believe. */
  trustProxy: (address: string, hop: number) => boolean;
}

/**
 * Every request passes here before Express. It gets its request id, its log line and the headers every
 * response carries; outside the service paths and CORS preflights, it is identified and counted against
 * the rate limit. Most traffic ends here, without Express's routing: a 429, and a read whose current
 * representation is cached. Everything else goes on to the Express app, with what was learnt in
 * `res.locals` (a failure of these steps included, for the app's error envelope to word).
 */
export function frontDoor(deps: AppDependencies, options: FrontDoorOptions, express: ExpressHandling) {
  const servicePaths = new Set(options.servicePaths.map(routedPathKey));
  const isServicePath = (path: string) => servicePaths.has(routedPathKey(path));
  const count = identifyAndCount(deps, options.keyInQueryPaths);
  const logOnFinish = requestLog(deps.logger);
  const cached = answerFromCache(deps, options.cache);

  async function answer(req: IncomingMessage, res: AppResponse, path: string, query: string | null) {
    const clientAddress = () => proxyAddr(req, options.trustProxy);
    const decision = await count({ req, path, query, clientAddress }, res.locals);
    announceLimit(res, decision);
    if (!decision.allowed) {
      refuse(req, res, decision);
      return true;
    }
    return isRead(req) && (await cached(req, res));
  }

  return (req: IncomingMessage, plainRes: ServerResponse, next?: (error?: unknown) => void): void => {
    const res = plainRes as AppResponse;
    res.locals = Object.assign(Object.create(null) as RequestLocals, { requestId: assignRequestId(req, res) });
    forbidSniffing(res);
    const url = readableTarget(req);
    logOnFinish(req, res, url?.pathname ?? '(unreadable request target)');
    allowReadsFromAnyOrigin(req, res);
    if (!url) {
      res.setHeader('Cache-Control', 'no-store');
      return sendEnvelope(req, res, 'VALIDATION_ERROR', UNREADABLE_TARGET);
    }
    const path = url.pathname ?? '/';
    if (isPreflight(req) || isServicePath(path)) return express(req, res, next);
    const query = typeof url.query === 'string' ? url.query : null;
    answer(req, res, path, query)
      .then(
        (answered) => {
          if (!answered) express(req, res, next);
        },
        (failure: unknown) => {
          // Whatever was thrown, the app's error envelope gets an error to word (never a falsy "no failure").
          res.locals.failure = failure instanceof Error ? failure : new Error(`front door failed: ${String(failure)}`);
          express(req, res, next);
        },
      )
      .catch((error: unknown) => {
        deps.logger.error({ requestId: res.locals.requestId, err: error }, 'unexpected failure');
        res.destroy();
      });
  };
}

/** The request target as Express reads it; none for one it cannot parse (`GET http://[x/ HTTP/1.1`). */
function readableTarget(req: IncomingMessage): ReturnType<typeof parseUrl> | null {
  try {
    return parseUrl(req) ?? null;
  } catch {
    return null;
  }
}

/** Express's router would skip every route (and the error envelope) for such a target. */
const UNREADABLE_TARGET = envelopeBytes('VALIDATION_ERROR', 'The request target is not a valid URL.');
