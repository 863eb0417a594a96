import { sameVersions, type ContentVersionVector } from '@islamic-data/core';
import type { Request, RequestHandler, Response } from 'express';
import type { AppDependencies } from '../dependencies.js';
import type { RepresentationCache } from './representation-cache.js';
import type { Representation } from './representation.js';
import type { RouteDefinition } from './route.js';

export const cacheControlOf = (route: RouteDefinition) =>
  route.resource === null ? 'public, max-age=3600' : 'private, max-age=0';

interface CacheSlot {
  key: string;
  versions: ContentVersionVector | null;
}

/**
 * The request's place in the cache: its URL, whether the viewer may see unpublished content, and for routes
 * that read the clock the current minute (a date left out means today somewhere, and every zone's day
 * begins on a whole minute). Routes that do not declare what they read are never cached.
 */
function cacheKey(route: RouteDefinition, req: Request, res: Response, deps: AppDependencies): string | undefined {
  if (route.reads === undefined) return undefined;
  const viewer = res.locals.key?.permissions.includes('write') ? 'w' : 'r';
  const minute = route.usesClock ? Math.floor(deps.clock.now().getTime() / 60_000) : '';
  return `${viewer}${minute} ${req.originalUrl}`;
}

/**
 * Runs after the access checks and before validation: answers from the cache when the entry was computed at
 * the current versions of what the route reads (asked of the ContentVersions port, which sees every
 * process's commits), else notes where the answer is to be kept.
 */
export function serveCached(route: RouteDefinition, deps: AppDependencies, cache: RepresentationCache): RequestHandler {
  const reads = route.reads ?? [];
  return async (req, res, next) => {
    const key = cacheKey(route, req, res, deps);
    if (key === undefined) return next();
    const versions = reads.length > 0 ? await deps.contentVersions.current() : null;
    const entry = cache.get(key);
    if (entry && (versions === null || (entry.versions !== null && sameVersions(entry.versions, versions, reads)))) {
      return entry.representation.send(req, res, cacheControlOf(route));
    }
    res.locals.cacheSlot = { key, versions } satisfies CacheSlot;
    next();
  };
}

/** Keeps a freshly computed answer where `serveCached` said, then sends it. */
export function keepAndSend(
  cache: RepresentationCache,
  route: RouteDefinition,
  representation: Representation,
  req: Request,
  res: Response,
): Promise<void> {
  const slot = res.locals.cacheSlot as CacheSlot | undefined;
  if (slot) cache.set(slot.key, { representation, versions: slot.versions });
  return representation.send(req, res, cacheControlOf(route));
}
