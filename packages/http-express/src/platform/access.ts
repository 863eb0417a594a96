import { requirePermission, requireScope, requireVerifiedKey, type KeyVerification } from '@islamic-data/core';
import type { RequestHandler } from 'express';
import { permissionFor, type RouteDefinition } from './route.js';

/** Key → scope → permission → the route's own guard, in the contract's order. */
export function checkAccess(route: RouteDefinition): RequestHandler {
  return (req, res, next) => {
    if (route.resource === null) return next();
    const key = requireVerifiedKey(res.locals.verification as KeyVerification);
    res.locals.key = key;
    requireScope(key, route.resource);
    requirePermission(key, permissionFor(route.method));
    route.guard?.({ params: req.params, key });
    next();
  };
}
