import {
  requirePermission,
  requireScope,
  sameVersions,
  type ApiKeyRecord,
  type ContentVersionVector,
} from '@islamic-data/core';
import type { Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { AppDependencies } from '../dependencies.js';
import type { AppResponse } from './app-response.js';
import type { RepresentationCache } from './representation-cache.js';
import type { Representation } from './representation.js';
import { cacheControlOf, type RouteDefinition } from './route.js';

/** Where a computed answer is to be kept: its cache key and what it was computed at. */
interface CacheSlot {
  key: string;
  versions: ContentVersionVector | null;
  minute: number | null;
}

/**
 * An answer's place in the cache: its URL, and whether the viewer may see unpublished content. Routes that
 * do not declare what they read are never cached.
 */
const cacheKeyOf = (key: ApiKeyRecord | null | undefined, url: string) =>
  `${key?.permissions.includes('write') ? 'w' : 'r'} ${url}`;

/**
 * Routes that read the clock are kept per minute: a date left out means today, and every zone's day begins on
 * a whole minute.
 */
const minuteOf = (route: RouteDefinition, deps: AppDependencies) =>
  route.usesClock ? Math.floor(deps.clock.now().getTime() / 60_000) : null;

/** The versions the request read when it came in (see identifyAndLimit), else now. */
const versionsFor = (route: RouteDefinition, deps: AppDependencies, res: Response | AppResponse) =>
  (route.reads ?? []).length > 0 ? (res.locals.contentVersions ?? deps.contentVersions.current()) : null;

function isCurrent(
  entry: { versions: ContentVersionVector | null; minute: number | null },
  route: RouteDefinition,
  versions: ContentVersionVector | null,
  minute: number | null,
): boolean {
  if (entry.minute !== minute) return false;
  return versions === null || (entry.versions !== null && sameVersions(entry.versions, versions, route.reads ?? []));
}

/**
 * Runs after the access checks and before validation, for a read the front door could not answer from the
 * cache (`answerFromCache`): notes where its answer is to be kept, with the versions of what the route reads
 * (asked of the ContentVersions port, which sees every process's commits) before it is computed.
 */
export function noteCacheSlot(route: RouteDefinition, deps: AppDependencies): RequestHandler {
  return async (req, res, next) => {
    if (route.reads === undefined) return next();
    const key = cacheKeyOf(res.locals.key, req.originalUrl);
    const [versions, minute] = [await versionsFor(route, deps, res), minuteOf(route, deps)];
    res.locals.cacheSlot = { key, versions, minute } satisfies CacheSlot;
    next();
  };
}

/** Keeps a freshly computed answer where `noteCacheSlot` said, then sends it. */
export function keepAndSend(
  cache: RepresentationCache,
  route: RouteDefinition,
  representation: Representation,
  req: Request,
  res: Response,
): Promise<void> {
  const slot = res.locals.cacheSlot as CacheSlot | undefined;
  if (slot) cache.set(slot.key, { representation, route, versions: slot.versions, minute: slot.minute });
  return representation.send(req, res, cacheControlOf(route));
}

/** Whether the key passes the route's own access checks (the route chain words the refusal). */
function mayRead(route: RouteDefinition, key: ApiKeyRecord | null): boolean {
  if (route.resource === null) return true;
  if (key === null) return false;
  try {
    requireScope(key, route.resource);
    requirePermission(key, 'read');
    return true;
  } catch {
    return false;
  }
}

/**
 * The hot path: a GET whose current answer is in the cache and whose key may read it is answered before the
 * router matches any route; says whether it answered. Anything else (a miss, a stale entry, a key the route
 * refuses) goes on to the route chain, which checks, computes and words refusals as always.
 */
export function answerFromCache(deps: AppDependencies, cache: RepresentationCache) {
  return async (req: IncomingMessage, res: AppResponse): Promise<boolean> => {
    const { verification } = res.locals;
    const key = verification?.outcome === 'ok' ? verification.key : null;
    const entry = cache.get(cacheKeyOf(key, req.url ?? ''));
    if (!entry || !mayRead(entry.route, key)) return false;
    const { route } = entry;
    if (!isCurrent(entry, route, await versionsFor(route, deps, res), minuteOf(route, deps))) return false;
    if (route.resource !== null) res.locals.key = key;
    await entry.representation.send(req, res, cacheControlOf(route));
    return true;
  };
}
