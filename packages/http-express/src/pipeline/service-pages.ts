import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDependencies } from '../dependencies.js';
import { docsPages } from '../docs/reference-page.js';
import { buildOpenApiDocument } from '../openapi.js';
import { jsonRepresentation } from '../platform/representation.js';
import type { RouteDefinition } from '../platform/route.js';

/** A page outside /api/v1: answered without a key and outside the rate limit. */
export type ServicePage = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const HEALTHY = jsonRepresentation({ status: 'ok' });
const UNAVAILABLE = jsonRepresentation({ status: 'unavailable' });

/**
 * Health, the OpenAPI document and its reference, by path. Outside the rate limit: a load balancer's health
 * checks and readers of the docs spend no client's budget.
 */
export function servicePages(deps: AppDependencies, routes: RouteDefinition[]): Record<string, ServicePage> {
  const openApi = jsonRepresentation(buildOpenApiDocument(routes));
  const pages: Record<string, ServicePage> = {
    '/health': async (req, res) => {
      const healthy = await deps.health.isHealthy().catch(() => false);
      if (healthy) return HEALTHY.send(req, res, 'no-store');
      res.statusCode = 503;
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', UNAVAILABLE.headers['Content-Type']!);
      res.end(req.method === 'HEAD' ? undefined : UNAVAILABLE.body);
    },
    '/openapi.json': (req, res) => openApi.send(req, res, 'public, max-age=300'),
  };
  for (const [path, page] of Object.entries(docsPages())) {
    pages[path] = (req, res) => page.send(req, res, 'public, max-age=300');
  }
  return pages;
}
