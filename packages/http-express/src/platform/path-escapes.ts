import { validationError } from '@islamic-data/core';
import type { RequestHandler } from 'express';
import { checkAccess } from './access.js';
import type { RouteDefinition } from './route.js';

interface ParamPattern {
  route: RouteDefinition;
  pattern: RegExp;
  names: string[];
  /** The route's key, scope and permission checks; not its guard, which would judge an unreadable parameter. */
  access: RequestHandler;
}

/**
 * Express cannot decode a path parameter holding a malformed `%` escape (`%ZZ`, `%C0%AE`) and fails
 * before any handler runs. This finds the route such a path was meant for, keeps the contract's order
 * (the route's key, scope and permission checks first) and answers 400 naming the parameter.
 */
export function rejectMalformedPathEscapes(routes: readonly RouteDefinition[], prefix: string): RequestHandler {
  const patterns: ParamPattern[] = routes
    .filter((route) => route.path.includes('{'))
    .map((route) => ({
      route,
      names: [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      // As Express matches: case-insensitive, a parameter is one non-empty segment, a trailing slash allowed.
      pattern: new RegExp(`^${escapeRegExp(prefix + route.path).replace(/\\\{\w+\\\}/g, '([^/]+)')}/?$`, 'i'),
      access: checkAccess({ ...route, guard: undefined }),
    }));
  return (req, res, next) => {
    if (!req.path.includes('%')) return next();
    const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
    for (const { route, pattern, names, access } of patterns) {
      if (route.method !== method) continue;
      const values = pattern.exec(req.path)?.slice(1);
      if (!values) continue;
      const bad = names.find((_name, index) => !decodes(values[index]!));
      if (bad === undefined) return next();
      req.params = Object.fromEntries(names.map((name, index) => [name, values[index]!]));
      return access(req, res, () =>
        next(validationError(`Path parameter '${bad}' is not valid percent-encoded UTF-8.`)),
      );
    }
    next();
  };
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
