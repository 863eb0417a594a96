import {
  validationError,
  requirePermission,
  requireScope,
  requireVerifiedKey,
  type ApiKeyRecord,
  type KeyVerification,
  type ResourceType,
} from '@islamic-data/core';
import { permissionFor, type HttpMethod, type RouteDefinition } from '../platform/route.js';

/** The path parameters of the matched route, decoded; one that does not decode is named. */
export interface MatchedParams {
  params: Record<string, string>;
  undecodable: string | null;
}

/**
 * Key → scope (a route with `scopeFromParam` also admits the scope of the one mosque its path names) → permission → the route's own guard, in the contract's order; the key the route may use, or
 * null on an open route (which neither needs nor sees a key: its answer is the same for everyone). The guard
 * judges decoded parameters only: one that is not valid percent-encoded UTF-8 is refused before it.
 */
export function checkAccess(
  route: RouteDefinition,
  verification: KeyVerification,
  { params, undecodable }: MatchedParams,
): ApiKeyRecord | null {
  const scoped = route.scopeFromParam === undefined ? undefined : params[route.scopeFromParam];
  const key = route.resource === null ? null : keyAllowedOn(route.resource, route.method, verification, scoped);
  if (undecodable !== null)
    throw validationError(`Path parameter '${undecodable}' is not valid percent-encoded UTF-8.`);
  if (key !== null) route.guard?.({ params, key });
  return key;
}

function keyAllowedOn(
  resource: ResourceType,
  method: HttpMethod,
  verification: KeyVerification,
  scopedTo: string | undefined,
) {
  const key = requireVerifiedKey(verification);
  requireScope(key, resource, scopedTo);
  requirePermission(key, permissionFor(method));
  return key;
}
