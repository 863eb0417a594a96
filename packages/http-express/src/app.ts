import express from 'express';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { AppDependencies } from './dependencies.js';
import { requestPipeline } from './pipeline/pipeline.js';
import type { TrustProxy } from './pipeline/count-request.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RepresentationCache } from './platform/representation-cache.js';
import { RepresentationFiles } from './platform/stored-representation.js';
import type { RouteDefinition } from './platform/route.js';
import { apiRoutes } from './routes/index.js';

const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
const DEFAULT_STORED_BYTES = 1024 * 1024 * 1024;

/** The app: a request listener for Node's HTTP server (and supertest), and the operations it answers. */
export type HttpApp = RequestListener & {
  /** Every operation the app answers, as `GET /api/v1/quran/surahs/{surah}`. */
  readonly operations: readonly string[];
};

/**
 * Express reads the `trust proxy` setting (false, a hop count or addresses) as it documents it. `true` is refused
 * (issue 26, point 3): it believes the left-most X-Forwarded-For, which the client itself writes, so any client
 * could pick the address it is counted by.
 */
export function trustProxyOf(setting: AppDependencies['trustProxy']): TrustProxy {
  if (setting === true)
    throw new Error(
      "trust proxy 'true' would let clients choose their address (the left-most X-Forwarded-For); " +
        'give the number of proxies in front of the server, or their addresses.',
    );
  return express().set('trust proxy', setting).get('trust proxy fn');
}

/**
 * The app: every request goes through the one request pipeline (pipeline/pipeline.ts), which matches the
 * route once and runs each rule once. Express lends it what it is made for (the JSON body parser, the
 * `trust proxy` setting); its router does not dispatch, which would cost a cached read about a third of its
 * throughput (docs/architecture.md).
 */
export function createApp(deps: AppDependencies, routes: RouteDefinition[] = apiRoutes): HttpApp {
  const pipeline = requestPipeline(deps, routes, {
    cache: new RepresentationCache(
      deps.representationCacheBytes ?? DEFAULT_CACHE_BYTES,
      deps.representationStoredBytes ?? DEFAULT_STORED_BYTES,
    ),
    files: RepresentationFiles.open(deps.representationDir ?? path.join(tmpdir(), 'islamic-data-representations')),
    trustProxy: trustProxyOf(deps.trustProxy),
  });
  const listener = (req: IncomingMessage, res: ServerResponse) => void pipeline.handle(req, res);
  return Object.assign(listener, { operations: pipeline.operations() });
}
