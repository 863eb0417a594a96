import { validationError } from '@islamic-data/core';
import type { TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addErrorsPlugin from 'ajv-errors';
import addFormatsPlugin from 'ajv-formats';
import type { RequestHandler } from 'express';
import type { RouteDefinition } from './route.js';
import { rejectLoneSurrogates } from './well-formed-text.js';

// ajv-formats and ajv-errors are CommonJS with a default export; under NodeNext they arrive as the module object.
const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;
const addErrors = addErrorsPlugin as unknown as typeof addErrorsPlugin.default;

/**
 * Strict: an unknown keyword or format in a schema is an error when it is compiled, not silently ignored.
 * ajv-errors lets a schema word its own failure (`errorMessage`, e.g. "must be one of shafi, hanafi"),
 * so the core's rule texts and the schemas stay one; it needs `allErrors`.
 */
const strictAjv = (options: Options) =>
  addErrors(
    addFormats(new Ajv({ ...options, strict: true, allowUnionTypes: true, useDefaults: true, allErrors: true })),
  );

/** Query strings and path segments are text: they are coerced to the schema's types. */
const textAjv = strictAjv({ coerceTypes: true });
/** JSON bodies carry their own types, which must match exactly. */
const jsonAjv = strictAjv({ coerceTypes: false });

export type RequestPart = 'query' | 'params' | 'body';
export const PART_NAMES: Record<RequestPart, string> = {
  query: 'Query parameter',
  params: 'Path parameter',
  body: 'Field',
};

/**
 * Checks (and coerces, for query and path) one request part; throws VALIDATION_ERROR naming the
 * first offending parameter or field.
 */
export function partValidator(part: RequestPart, schema: TSchema): (value: unknown) => void {
  const validate: ValidateFunction = (part === 'body' ? jsonAjv : textAjv).compile(schema);
  return (value) => {
    if (!validate(value)) throw validationError(describe(part, validate.errors ?? []));
  };
}

/** Validates (and coerces) query, path and body against the route's schemas; the result is in `res.locals.input`. */
export function validateRequest(route: RouteDefinition): RequestHandler {
  const validators = (['query', 'params', 'body'] as const).flatMap((part) => {
    const schema = route[part];
    return schema ? [{ part, validate: partValidator(part, schema) }] : [];
  });
  return (req, res, next) => {
    const input: Record<RequestPart, unknown> = { query: { ...req.query }, params: { ...req.params }, body: req.body };
    for (const { part, validate } of validators) {
      if (
        part === 'body' &&
        (input.body === undefined || input.body === null || typeof input.body !== 'object' || Array.isArray(input.body))
      ) {
        throw validationError('The request body must be a JSON object sent with Content-Type: application/json.');
      }
      if (part === 'body') {
        rejectLoneSurrogates(input.body);
        route.bodyGuard?.(input.body);
      }
      validate(input[part]);
    }
    res.locals.input = input;
    next();
  };
}

/** One sentence naming the offending parameter or field. */
function describe(part: RequestPart, errors: ErrorObject[]): string {
  const error = errors[0];
  if (!error) return `${PART_NAMES[part]}s are invalid.`;
  const pathName = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (error.keyword) {
    case 'required':
      return `${PART_NAMES[part]} '${join(pathName, error.params.missingProperty)}' is required.`;
    case 'additionalProperties':
      return `${PART_NAMES[part]} '${join(pathName, error.params.additionalProperty)}' is not allowed.`;
    default:
      return `${PART_NAMES[part]} '${pathName || part}' ${error.message ?? 'is invalid'}.`;
  }
}

const join = (parent: string, child: string) => (parent ? `${parent}.${child}` : child);
