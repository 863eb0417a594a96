import {
  AppError,
  isMosqueScope,
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
 * Key → scope (a route with `scopeFromParam` also admits the scope of the one mosque its path names) →
 * permission → the route's own guard, in the contract's order; the key the route may use, or null on an open
 * route (which neither needs nor sees a key: its answer is the same for everyone). The guard judges decoded
 * parameters only: one that is not valid percent-encoded UTF-8 is refused before it.
 */
export function checkAccess(
  route: RouteDefinition,
  verification: KeyVerification,
  { params, undecodable }: MatchedParams,
  keySentIn: 'header' | 'query' | null = 'header',
): ApiKeyRecord | null {
  const scoped = route.scopeFromParam === undefined ? undefined : params[route.scopeFromParam];
  const key = route.resource === null ? null : keyAllowedOn(route.resource, route.method, verification, scoped);
  if (key !== null && keySentIn === 'query' && route.keyInQuery === 'read-only-feed') requireReadOnlyFeedKey(key);
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

/** A scope a key in a feed's URL may hold: `prayer-times`, or one mosque's own (`mosque:{slug}`, CONTRACT §20). */
const isFeedScope = (scope: string) => scope === 'prayer-times' || isMosqueScope(scope);

/**
 * CONTRACT §19: a URL holding a key is a secret that leaks (a shared calendar, a proxy's log), so a key sent in
 * a feed's query string may only read prayer times or mosque schedules: scopes exactly `prayer-times` and/or
 * `mosque:{slug}`, permissions only `read`. Any other key there is refused, saying why.
 */
export function requireReadOnlyFeedKey(key: ApiKeyRecord): void {
  const why =
    'a key in a calendar URL must be read-only (scopes only prayer-times or mosque:{slug}, permission only read)';
  const others = key.scopes.filter((scope) => !isFeedScope(scope));
  if (key.scopes.length === 0 || others.length > 0)
    throw new AppError(
      'INSUFFICIENT_SCOPE',
      `This API key cannot be sent in the URL: ${why}, and it also covers ${others.map((s) => `'${s}'`).join(', ')}. ` +
        'Create a read-only prayer-times key for calendar subscriptions.',
    );
  const more = key.permissions.filter((permission) => permission !== 'read');
  if (more.length > 0)
    throw new AppError(
      'INSUFFICIENT_PERMISSION',
      `This API key cannot be sent in the URL: ${why}, and it also has ${more.map((p) => `'${p}'`).join(', ')}. ` +
        'Create a read-only prayer-times key for calendar subscriptions.',
    );
}
