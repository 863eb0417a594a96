import { ParameterError, validationError, type ApiKeyRecord } from '@islamic-data/core';
import type { AppDependencies } from '../dependencies.js';
import type { RouteDefinition, RouteResult } from '../platform/route.js';
import { PART_NAMES, type RequestPart, type ValidatedInput } from './validate-input.js';

/**
 * Runs the route's handler on its validated input. The core names its parameters bare ("timezone must be
 * …"); the API says where they were sent.
 */
export async function runHandler(
  route: RouteDefinition,
  input: ValidatedInput,
  key: ApiKeyRecord | null,
  deps: AppDependencies,
): Promise<RouteResult> {
  try {
    return await route.handle({ ...input, key } as never, deps);
  } catch (error) {
    if (!(error instanceof ParameterError)) throw error;
    throw validationError(error.namedAs(PART_NAMES[partTaking(route, error.parameters[0])]));
  }
}

/**
 * The request part whose schema has the parameter the core named; else the body, or the query of a route
 * without one.
 */
function partTaking(route: RouteDefinition, parameter: string | undefined): RequestPart {
  const part = (['params', 'query', 'body'] as const).find(
    (each) => parameter !== undefined && route[each]?.properties?.[parameter] !== undefined,
  );
  return part ?? (route.body ? 'body' : 'query');
}
