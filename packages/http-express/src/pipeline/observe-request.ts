import type { RequestContext } from './request-context.js';

/** What the pipeline tells an observer about one finished request: labels that are templates, never raw paths. */
export interface FinishedRequest {
  /** The matched route's template (`/api/v1/quran/surahs/{surah}`), `(unmatched)` or `(preflight)`. */
  routeTemplate: string;
  method: string;
  status: number;
  /** From the start of the pipeline to the last byte handed to the socket. */
  durationMs: number;
  /**
   * `hit` or `miss` on the routes that keep their answers (`reads`), `precomputed` for a miss sent from its
   * precomputed answer, else `none`.
   */
  cache: 'hit' | 'miss' | 'precomputed' | 'none';
  /** Refused with 429 by the rate limit. */
  rateLimited: boolean;
}

/**
 * The port through which the pipeline reports each request once it is finished: metrics (packages/cli implements it
 * with prom-client) or anything else that watches the service. Called once per request, in one place (here), and
 * only when the process gives one; it must not throw and should not block.
 */
export interface RequestObserver {
  onRequestFinished(request: FinishedRequest): void;
}

/** Tells `observer` about the request, once its response has finished (the pipeline says when). */
export function observeRequest(observer: RequestObserver, ctx: RequestContext, durationMs: number): void {
  observer.onRequestFinished({
    routeTemplate: ctx.routeTemplate,
    method: ctx.req.method ?? 'GET',
    status: ctx.res.statusCode,
    durationMs,
    cache: ctx.cache,
    rateLimited: ctx.rateLimited,
  });
}
