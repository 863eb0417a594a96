import { AppError } from '@islamic-data/core';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { RequestHandler } from 'express';
import type { JsonSchema, RouteDefinition } from './route.js';

// ajv-formats is CommonJS with a default export; under NodeNext it arrives as the module object.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;

/** Query strings and path segments are text: they are coerced to the schema's types. `verbose` gives errors their schema, so a schema's `errorMessage` can word them. */
const textAjv = addFormats(new Ajv({ coerceTypes: true, useDefaults: true, allErrors: false, strict: false, verbose: true }));
/** JSON bodies carry their own types, which must match exactly. */
const jsonAjv = addFormats(new Ajv({ coerceTypes: false, useDefaults: true, allErrors: false, strict: false, verbose: true }));

type Part = 'query' | 'params' | 'body';
export const PART_NAMES: Record<Part, string> = { query: 'Query parameter', params: 'Path parameter', body: 'Field' };

/** Validates (and coerces) query, path and body against the route's schemas; the result is in `res.locals.input`. */
export function validateRequest(route: RouteDefinition): RequestHandler {
  const validators = (['query', 'params', 'body'] as const)
    .filter((part) => route[part] !== undefined)
    .map((part) => ({ part, validate: compile(part, route[part]!) }));
  return (req, res, next) => {
    const input: Record<Part, unknown> = { query: { ...req.query }, params: { ...req.params }, body: req.body };
    for (const { part, validate } of validators) {
      if (part === 'body' && (input.body === undefined || input.body === null || typeof input.body !== 'object' || Array.isArray(input.body))) {
        throw new AppError('VALIDATION_ERROR', 'The request body must be a JSON object sent with Content-Type: application/json.');
      }
      if (part === 'body') route.bodyGuard?.(input.body);
      if (!validate(input[part])) throw new AppError('VALIDATION_ERROR', describe(part, validate.errors ?? []));
    }
    res.locals.input = input;
    next();
  };
}

function compile(part: Part, schema: JsonSchema): ValidateFunction {
  return (part === 'body' ? jsonAjv : textAjv).compile(schema);
}

/** One sentence naming the offending parameter or field. */
export function describe(part: Part, errors: ErrorObject[]): string {
  const error = errors[0];
  if (!error) return `${PART_NAMES[part]}s are invalid.`;
  const pathName = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const custom = (error.parentSchema as { errorMessage?: string } | undefined)?.errorMessage;
  switch (error.keyword) {
    case 'required':
      return `${PART_NAMES[part]} '${join(pathName, error.params.missingProperty)}' is required.`;
    case 'additionalProperties':
      return `${PART_NAMES[part]} '${join(pathName, error.params.additionalProperty)}' is not allowed.`;
    default:
      return `${PART_NAMES[part]} '${pathName || part}' ${custom ?? error.message ?? 'is invalid'}.`;
  }
}

const join = (parent: string, child: string) => (parent ? `${parent}.${child}` : child);
