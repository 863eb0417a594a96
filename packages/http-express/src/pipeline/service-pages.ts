import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppDependencies } from '../dependencies.js';
import { docsPages } from '../docs/reference-page.js';
import { buildOpenApiDocument } from '../openapi.js';
import { CLAIM_SCRIPT, CLAIM_SCRIPT_PATH, claimPages } from '../pages/claim-page.js';
import { HTML, PAGE_HEADERS, pageAssets } from '../pages/html.js';
import { FORM_SCRIPT, FORM_SCRIPT_PATH, requestKeyForm } from '../pages/request-key-page.js';
import { JSON_CONTENT_TYPE, jsonRepresentation, Representation } from '../platform/representation.js';
import type { RouteDefinition } from '../platform/route.js';

/**
 * A page outside /api/v1: answered without a key and outside the rate limit. `params` holds the decoded
 * parameters of a path with `{name}` segments (each one non-empty segment, as for API routes).
 */
export type ServicePage = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void>;

const HEALTHY = jsonRepresentation({ status: 'ok' });
const UNAVAILABLE = Buffer.from(JSON.stringify({ status: 'unavailable' }));

/**
 * Health, the OpenAPI document and its reference, the key request form and the claim pages, by `path` (a
 * GET) or `METHOD path`. Outside the rate limit: a load balancer's health checks and readers of the docs spend
 * no client's budget (the form posts to the API, which counts it; a claim token cannot be guessed).
 */
export function servicePages(deps: AppDependencies, routes: RouteDefinition[]): Record<string, ServicePage> {
  const openApi = jsonRepresentation(buildOpenApiDocument(routes));
  const claim = claimPages(deps);
  const pages: Record<string, ServicePage> = {
    '/health': async (req, res) => {
      const healthy = await deps.health.isHealthy().catch(() => false);
      if (healthy) return HEALTHY.send(req, res, 'no-store');
      res.statusCode = 503;
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', JSON_CONTENT_TYPE);
      res.end(req.method === 'HEAD' ? undefined : UNAVAILABLE);
    },
    '/openapi.json': (req, res) => openApi.send(req, res, 'public, max-age=300'),
    '/keys/claim/{token}': claim.view,
    'POST /keys/claim/{token}': claim.reveal,
  };
  const requestKey = new Representation(Buffer.from(requestKeyForm()), { 'Content-Type': HTML, ...PAGE_HEADERS });
  const fixed = {
    ...docsPages(),
    '/request-key': requestKey,
    ...pageAssets({ [FORM_SCRIPT_PATH]: FORM_SCRIPT, [CLAIM_SCRIPT_PATH]: CLAIM_SCRIPT }),
  };
  for (const [path, page] of Object.entries(fixed)) {
    pages[path] = async (req, res) => page.send(req, res, 'public, max-age=300');
  }
  return pages;
}

/** `GET /path` or `POST /path` → its method and path; a bare path is a GET. */
export function methodAndPath(entry: string): { method: string; path: string } {
  const [method, path] = entry.includes(' ') ? entry.split(' ', 2) : ['GET', entry];
  return { method: method!, path: path! };
}
