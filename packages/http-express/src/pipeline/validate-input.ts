import { validationError, withoutStack } from '@islamic-data/core';
import type { TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addErrorsPlugin from 'ajv-errors';
import addFormatsPlugin from 'ajv-formats';
import type { RouteDefinition } from '../platform/route.js';
import { rejectLoneSurrogates } from '../platform/well-formed-text.js';

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

/** A request's input refused: an expected answer, made without a stack trace. */
const invalid = (message: string) => withoutStack(() => validationError(message));

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
    if (!validate(value)) throw invalid(describe(part, validate.errors ?? []));
  };
}

/** A request's parts as sent: the parsed query, the decoded path parameters and the parsed body. */
export interface SentInput {
  query: Record<string, unknown>;
  params: Record<string, string>;
  body: unknown;
}

/** A request's parts as the route's schemas read them: coerced, with their defaults filled. */
export interface ValidatedInput {
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body: unknown;
}

const DECIMAL_INTEGER = /^-?\d+$/;

/** The values of `values` whose names are listed, in the order of the list. */
function listed(names: string[], values: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) if (name in values) picked[name] = values[name];
  return picked;
}

/**
 * The route's validation, compiled once: checks (and coerces, for query and path) each part against its
 * schema, naming the first offending parameter or field. Integers in the query and path are decimal digits
 * alone: `0x10`, `1e1` or ` 5 `, which would coerce, are refused, so that one value has one spelling.
 */
export function inputValidation(route: RouteDefinition): (sent: SentInput) => ValidatedInput {
  const pathParameters = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const declaredParams = Object.keys(route.params?.properties ?? {});
  const undeclared = pathParameters.filter((name) => !declaredParams.includes(name));
  if (undeclared.length > 0) throw new Error(`${route.method} ${route.path}: no schema for ${undeclared.join(', ')}.`);
  // The handler reads the query parameters the route declares, and only those: what the cache keys on. Both parts
  // come out listed in the order of their sorted names, so that one request has one spelling.
  const declaredQuery = Object.keys(route.query?.properties ?? {}).sort();
  const sortedParams = [...declaredParams].sort();
  const validators = (['query', 'params', 'body'] as const).flatMap((part) => {
    const schema = route[part];
    return schema ? [{ part, validate: partValidator(part, schema), integers: integerProperties(schema) }] : [];
  });
  return (sent) => {
    const input: ValidatedInput = { query: { ...sent.query }, params: { ...sent.params }, body: sent.body };
    for (const { part, validate, integers } of validators) {
      if (part === 'body') {
        const { body } = input;
        if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw invalid('The request body must be a JSON object sent with Content-Type: application/json.');
        }
        rejectLoneSurrogates(body);
        route.bodyGuard?.(body);
      } else {
        for (const name of integers) {
          const value = input[part][name];
          if (typeof value === 'string' && !DECIMAL_INTEGER.test(value))
            throw invalid(`${PART_NAMES[part]} '${name}' must be an integer in decimal digits.`);
        }
      }
      validate(input[part]);
    }
    input.query = listed(declaredQuery, input.query);
    input.params = listed(sortedParams, input.params);
    return input;
  };
}

/** The properties of an object schema whose values are integers. */
function integerProperties(schema: TSchema): string[] {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown }>;
  return Object.keys(properties).filter((name) => {
    const { type } = properties[name]!;
    return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  });
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
