import { AppError, type ApiKeyRecord } from '@islamic-data/core';
import type { AppDependencies } from '../dependencies.js';
import { JSON_CONTENT_TYPE } from '../platform/representation.js';
import type { RouteDefinition } from '../platform/route.js';
import { runHandler } from './run-handler.js';
import type { ValidatedInput } from './validate-input.js';

/** A read's answer: a 200's body and headers, or another success status with its data. */
export type BuiltAnswer =
  | { body: Uint8Array; headers: Record<string, string> }
  | { status: number; data: unknown }
  | { refusal: { code: string; message: string } };

/** What runs `large` routes elsewhere (a worker thread): the route by `GET /path`, its validated input, the key. */
export interface AnswerBuilder {
  build(route: string, input: ValidatedInput, key: ApiKeyRecord | null): Promise<BuiltAnswer>;
}

export const routeId = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path}`;

const withCharset = (contentType: string) =>
  /;\s*charset=/i.test(contentType) ? contentType : `${contentType}; charset=utf-8`;

/** Runs a read's handler and serialises its answer: the same code in the request's turn and in a worker. */
export async function buildAnswer(
  route: RouteDefinition,
  input: ValidatedInput,
  key: ApiKeyRecord | null,
  deps: AppDependencies,
): Promise<BuiltAnswer> {
  const result = await runHandler(route, input, key, deps);
  if (result.status !== undefined && result.status !== 200) return { status: result.status, data: result.data };
  const body = Buffer.from(route.produces ? (result.text ?? '') : JSON.stringify({ data: result.data }));
  const headers: Record<string, string> = route.produces
    ? {
        'Content-Type': withCharset(route.produces.contentType),
        'Content-Disposition': `inline; filename="${route.produces.filename}"`,
      }
    : { 'Content-Type': JSON_CONTENT_TYPE };
  return { body, headers };
}

/**
 * The answering side of a worker: runs `buildAnswer` for a route named by its id, and gives a refusal of the core
 * (an `AppError`) as data, so the pipeline answers it exactly as if it had been thrown in its own turn.
 */
export function answerBuilding(routes: RouteDefinition[], deps: AppDependencies) {
  const byId = new Map(routes.map((route) => [routeId(route), route]));
  return async (id: string, input: ValidatedInput, key: ApiKeyRecord | null): Promise<BuiltAnswer> => {
    const route = byId.get(id);
    if (!route) throw new Error(`No route ${id} to build.`);
    try {
      return await buildAnswer(route, input, key, deps);
    } catch (error) {
      if (error instanceof AppError) return { refusal: { code: error.code, message: error.message } };
      throw error;
    }
  };
}

/** An answer built elsewhere, back in the pipeline: a refusal is thrown again as the core's own error. */
export function receivedAnswer(answer: BuiltAnswer): Exclude<BuiltAnswer, { refusal: unknown }> {
  if ('refusal' in answer) throw new AppError(answer.refusal.code as AppError['code'], answer.refusal.message);
  return answer;
}
