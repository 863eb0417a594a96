import { ParameterError, validationError } from '@islamic-data/core';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { AppDependencies } from './dependencies.js';
import { registerDocs } from './docs/reference-page.js';
import { servicePaths } from './openapi/service-paths.js';
import { API_PREFIX, buildOpenApiDocument } from './openapi.js';
import { checkAccess } from './platform/access.js';
import { keepAndSend, noteCacheSlot } from './platform/cached-reads.js';
import { answerPreflights } from './platform/cors.js';
import { errorEnvelope, methodNotAllowed, unknownRoute } from './platform/errors.js';
import { frontDoor, type ExpressHandling, type FrontDoorOptions } from './platform/front-door.js';
import { rejectMalformedPathEscapes } from './platform/path-escapes.js';
import { RepresentationCache } from './platform/representation-cache.js';
import { jsonRepresentation, Representation } from './platform/representation.js';
import { cacheControlOf, toExpressPath, type RouteDefinition } from './platform/route.js';
import { PART_NAMES, validateRequest, type RequestPart } from './platform/validation.js';
import { apiRoutes } from './routes/index.js';

const BODY_LIMIT = '64kb';
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** The Express application: platform middleware in the contract's order around the route table. */
export function createApp(deps: AppDependencies, routes: RouteDefinition[] = apiRoutes): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy);
  app.set('etag', 'strong');

  // GET answers are compressed by their representations (once, then kept); compression() serves the writes.
  const cache = new RepresentationCache(deps.representationCacheBytes ?? DEFAULT_CACHE_BYTES);
  installFrontDoor(app, deps, {
    cache,
    servicePaths: Object.keys(servicePaths()),
    keyInQueryPaths: routes.filter((route) => route.keyInQuery).map((route) => API_PREFIX + route.path),
    trustProxy: app.get('trust proxy fn'),
  });
  app.use(passFrontDoorFailure, answerPreflights);

  // Outside the rate limit (see frontDoor): a load balancer's health checks and readers of the docs spend no
  // client's budget.
  const openApi = buildOpenApiDocument(routes);
  const openApiJson = jsonRepresentation(openApi);
  app.get('/health', health(deps));
  app.get('/openapi.json', (req, res) => openApiJson.send(req, res, 'public, max-age=300'));
  registerDocs(app);
  for (const path of Object.keys(servicePaths())) app.all(path, methodNotAllowed(['get']));

  app.use(rejectMalformedPathEscapes(routes, API_PREFIX));

  const methodsByPath = new Map<string, string[]>();
  for (const route of routes) {
    const path = API_PREFIX + toExpressPath(route.path);
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), route.method]);
    app[route.method](path, ...routeChain(route, deps, cache));
  }
  for (const [path, methods] of methodsByPath) app.all(path, methodNotAllowed(methods));

  app.use(unknownRoute);
  app.use(errorEnvelope(deps.logger));
  return app;
}

/**
 * Express hands every request to `app.handle` (`app(req, res)`, `app.listen`, supertest alike): the front
 * door takes its place and calls Express's own handling for what it does not answer itself.
 */
function installFrontDoor(app: Express, deps: AppDependencies, options: FrontDoorOptions): void {
  const handled = app as unknown as { handle: ExpressHandling };
  const expressHandling = handled.handle.bind(app);
  handled.handle = frontDoor(deps, options, expressHandling);
}

const passFrontDoorFailure: RequestHandler = (_req, res, next) => next(res.locals.failure);

function routeChain(route: RouteDefinition, deps: AppDependencies, cache: RepresentationCache): RequestHandler[] {
  const access = namingParameters(route, checkAccess(route));
  if (route.method === 'get') {
    const answer: RequestHandler = async (req, res) => {
      const { query, params, body } = res.locals.input;
      const result = await route.handle({ query, params, body, key: res.locals.key ?? null }, deps);
      // Only a 200 is a representation worth keeping; any other success status is sent as it is.
      if (result.status !== undefined && result.status !== 200) {
        res.set('Cache-Control', cacheControlOf(route));
        return void res.status(result.status).json({ data: result.data });
      }
      const representation = route.produces
        ? new Representation(Buffer.from(result.text ?? ''), {
            'Content-Type': withCharset(route.produces.contentType),
            'Content-Disposition': `inline; filename="${route.produces.filename}"`,
          })
        : jsonRepresentation({ data: result.data });
      await keepAndSend(cache, route, representation, req, res);
    };
    return [access, noteCacheSlot(route, deps), validateRequest(route), namingParameters(route, answer)];
  }
  const parseBody = route.body ? [express.json({ limit: BODY_LIMIT, strict: false, type: () => true })] : [];
  const handler: RequestHandler = async (_req, res) => {
    const { query, params, body } = res.locals.input;
    const result = await route.handle({ query, params, body, key: res.locals.key ?? null }, deps);
    const status = result.status ?? route.successStatus ?? 200;
    res.set('Cache-Control', cacheControlOf(route));
    if (status === 204) return void res.status(204).end();
    res.status(status).json({ data: result.data });
  };
  return [compression(), access, ...parseBody, validateRequest(route), namingParameters(route, handler)];
}

const withCharset = (contentType: string) =>
  /;\s*charset=/i.test(contentType) ? contentType : `${contentType}; charset=utf-8`;

/** The core names its parameters bare ("timezone must be …"); the API says where they were sent. */
function namingParameters(route: RouteDefinition, step: RequestHandler): RequestHandler {
  return async (req, res, next) => {
    try {
      await step(req, res, next);
    } catch (error) {
      if (!(error instanceof ParameterError)) throw error;
      throw validationError(error.namedAs(PART_NAMES[partTaking(route, error.parameters[0])]));
    }
  };
}

/**
 * The request part whose schema has the parameter the core named; else the body, or the query of a
 * route without one.
 */
function partTaking(route: RouteDefinition, parameter: string | undefined): RequestPart {
  const part = (['params', 'query', 'body'] as const).find(
    (each) => parameter !== undefined && route[each]?.properties?.[parameter] !== undefined,
  );
  return part ?? (route.body ? 'body' : 'query');
}

function health(deps: Pick<AppDependencies, 'health'>): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    const healthy = await deps.health.isHealthy().catch(() => false);
    if (healthy) res.json({ status: 'ok' });
    else res.status(503).json({ status: 'unavailable' });
  };
}
