import type { HttpApp } from '../src/index.js';
import { apiRoutes, buildOpenApiDocument, type RouteDefinition } from '../src/index.js';
import { OpenApiResponseValidator, type ObservedResponse } from './openapi-response-validator.js';
import { recordingResponses } from './response-recorder.js';

/**
 * Every response an HTTP suite receives from `startTestApp` is checked against the OpenAPI document
 * the app serves. A response that drifts from the document is recorded here and fails the test that
 * was running (the root `afterEach` below) or, for requests made in `after` hooks, the suite's `close()`.
 */
const violations: string[] = [];
const validators = new Map<string, OpenApiResponseValidator>();

/** The app, its responses checked against the document built from `routes`. */
export function validatingResponses(app: HttpApp, routes: RouteDefinition[]): HttpApp {
  const validator = validatorFor(routes);
  return recordingResponses(app, (response) => violations.push(...checked(validator, response)));
}

function validatorFor(routes: RouteDefinition[]): OpenApiResponseValidator {
  const key = routes === apiRoutes ? 'api' : routes.map((route) => `${route.method} ${route.path}`).join('\n');
  let validator = validators.get(key);
  if (!validator) {
    validator = new OpenApiResponseValidator(buildOpenApiDocument(routes));
    validators.set(key, validator);
  }
  return validator;
}

function checked(validator: OpenApiResponseValidator, response: ObservedResponse): string[] {
  try {
    return validator.problemsWith(response);
  } catch (error) {
    return [`${response.method} ${response.path}: the response could not be checked: ${String(error)}`];
  }
}

/** Takes the violations recorded so far (a test that provokes one on purpose takes it, so it fails nothing). */
export function takeResponseViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** The error naming every response so far that broke the document, if any; takes them. */
function violationError(): Error | undefined {
  const found = takeResponseViolations();
  if (found.length === 0) return undefined;
  return new Error(`${found.length} response(s) do not match /openapi.json:\n${found.slice(0, 10).join('\n')}`);
}

/** Throws when any response so far broke the document. */
export function assertNoResponseViolations(): void {
  const error = violationError();
  if (error) throw error;
}

// A root hook, registered once when the first suite imports this module, for every test of the run. It
// fails the test that received the response (a hook's `error()`), not the hook, which would end the run.
// Outside mocha (a script reusing startTestApp) there is no hook to register.
if (typeof afterEach === 'function') {
  afterEach(function checkResponsesAgainstTheDocument() {
    const error = violationError();
    if (error) (this.runnable() as unknown as { error(error: Error): void }).error(error);
  });
}
