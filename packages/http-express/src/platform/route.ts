import type { ApiKeyRecord, ErrorCode, ResourceType } from '@islamic-data/core';
import type { AppDependencies } from '../dependencies.js';

export type HttpMethod = 'get' | 'put' | 'patch' | 'post' | 'delete';

/** A JSON Schema object, as ajv and OpenAPI 3.1 both read it. */
export type JsonSchema = Record<string, unknown>;

export interface RouteInput<Query = any, Params = any, Body = any> {
  query: Query;
  params: Params;
  body: Body;
  /** The verified key, or null on open routes. */
  key: ApiKeyRecord | null;
}

export interface RouteResult {
  status?: number;
  /** Omitted for 204. */
  data?: unknown;
}

/**
 * One endpoint: its schemas drive request validation and the OpenAPI document alike;
 * `handle` maps the validated input to a core use case.
 */
export interface RouteDefinition<Query = any, Params = any, Body = any> {
  method: HttpMethod;
  /** OpenAPI-style path below /api/v1, e.g. `/quran/surahs/{surah}`. */
  path: string;
  /** The key scope the route needs, or null when it is open (no key). */
  resource: ResourceType | null;
  summary: string;
  description?: string;
  tag: string;
  query?: JsonSchema;
  params?: JsonSchema;
  body?: JsonSchema;
  /** Schema of `data` in a success response. */
  response: JsonSchema;
  successStatus?: number;
  /** Error codes the route's own guards answer, beyond the platform's (for the OpenAPI document). */
  errors?: readonly ErrorCode[];
  /** Runs after the permission check and before the body is parsed (e.g. the Arabic-locale rule). */
  guard?(input: Pick<RouteInput<Query, Params>, 'params' | 'key'>): void;
  /** Runs on the parsed body before schema validation (e.g. `text_ar` is forbidden, not merely unknown). */
  bodyGuard?(body: unknown): void;
  handle(input: RouteInput<Query, Params, Body>, deps: AppDependencies): Promise<RouteResult>;
}

export const permissionFor = (method: HttpMethod) => (method === 'get' ? 'read' : method === 'delete' ? 'delete' : 'write');

/** `/quran/surahs/{surah}` → `/quran/surahs/:surah` */
export const toExpressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
