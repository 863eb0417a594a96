import express, { type Express } from 'express';
import type { AppDependencies } from './dependencies.js';
import { requestPipeline } from './pipeline/pipeline.js';
import { RepresentationCache } from './platform/representation-cache.js';
import type { RouteDefinition } from './platform/route.js';
import { apiRoutes } from './routes/index.js';

const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The Express application: Express is the HTTP adapter, and it dispatches every request to the one request
 * pipeline (pipeline/pipeline.ts), which matches the route once and runs each rule once.
 */
export function createApp(deps: AppDependencies, routes: RouteDefinition[] = apiRoutes): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);
  const pipeline = requestPipeline(deps, routes, {
    cache: new RepresentationCache(deps.representationCacheBytes ?? DEFAULT_CACHE_BYTES),
    trustProxy: app.get('trust proxy fn'),
  });
  app.use((req, res) => void pipeline.handle(req, res));
  // What the pipeline answers, as `GET /path` (for the check that the document names every operation).
  app.set('operations', pipeline.operations());
  return app;
}
