import type { ApiKeyRecord, ContentArea, ResourceType } from '@islamic-data/core';
import type { ApiErrorCode } from './error-statuses.js';
import type { Static, TSchema } from '@sinclair/typebox';
import type { AppDependencies } from '../dependencies.js';

export type HttpMethod = 'get' | 'put' | 'patch' | 'post' | 'delete';

/** A JSON Schema object, as ajv and OpenAPI 3.1 both read it. */
export type JsonSchema = Record<string, unknown>;

/** The validated value of a request part: the schema's static type, or nothing when the route has no schema for it. */
export type PartOf<Schema extends TSchema | undefined> = Schema extends TSchema
  ? Static<Schema>
  : Record<string, never>;

export interface RouteInput<Query, Params, Body> {
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
  /** The body of a route that `produces` a non-JSON representation. */
  text?: string;
}

/** A route whose success answer is a document of its own type instead of the `{data}` JSON envelope. */
export interface ProducedDocument {
  contentType: string;
  /** Suggested file name (Content-Disposition: inline). */
  filename: string;
  description: string;
}

/**
 * One endpoint: its TypeBox schemas drive request validation, the handler's input types and the
 * OpenAPI document alike; `handle` maps the validated input to a core use case.
 */
export interface RouteDefinition<
  Query extends TSchema | undefined = TSchema | undefined,
  Params extends TSchema | undefined = TSchema | undefined,
  Body extends TSchema | undefined = TSchema | undefined,
> {
  method: HttpMethod;
  /** OpenAPI-style path below /api/v1, e.g. `/quran/surahs/{surah}`. */
  path: string;
  /** The key scope the route needs, or null when it is open (no key). */
  resource: ResourceType | null;
  /**
   * The path parameter naming the one mosque the route reaches (its schedule or its reads): a key with the
   * scope `mosque:{that slug}` is then in scope as well as one with `resource` (CONTRACT §20).
   */
  scopeFromParam?: 'slug';
  summary: string;
  description?: string;
  tag: string;
  query?: Query;
  params?: Params;
  body?: Body;
  /** Schema of `data` in a success response (of the document's text when the route `produces` one). */
  response: TSchema;
  /** Set when the success answer is not JSON (the handler returns `text`); errors stay JSON envelopes. */
  produces?: ProducedDocument;
  /**
   * Also take the key from the `key` query parameter (calendar apps cannot send headers). Every other
   * route ignores that parameter, so a key sent only there is a request without a key (401).
   * `read-only-feed` (CONTRACT §19): a URL is a secret that leaks (shared calendars, logs), so a key sent there
   * must hold only the scope `prayer-times` and/or `mosque:{slug}` scopes and only the permission `read`;
   * any other key there is refused with 403 (the access step, `check-access.ts`).
   */
  keyInQuery?: 'read-only-feed';
  successStatus?: number;
  /** A second success status the handler returns (`result.status`), e.g. 201 when a PUT created the record. */
  otherSuccess?: { status: number; description: string };
  /**
   * GET only: the content areas the answer depends on. A route that declares them is answered from the
   * representation cache while their versions stay the same; `[]` for answers computed from the request alone.
   * A route without it is computed on every request.
   */
  reads?: readonly ContentArea[];
  /** The answer depends on the clock (a date left out means today): cached per minute. */
  usesClock?: boolean;
  /**
   * GET only: the answer can be large (a whole surah, a juz, a page of hadiths, a calendar, a download) or slow to
   * compute (a search ranking thousands of matches). A miss is computed and serialised by the app's
   * `answerBuilder` (a worker thread in the server), off the event loop, so that small answers never wait for it.
   */
  large?: boolean;
  /**
   * GET only, with `reads`: the answers of this route's `precomputedPaths` are computed ahead of their requests
   * (`precompute`, after imports) and kept in the database beside the content they were computed from; a miss
   * whose precomputed answer has the current content versions is sent from it, never built.
   */
  precomputedPaths?: (catalog: PrecomputeCatalog) => string[];
  /**
   * A whole dataset in one answer (a download): its builder holds it whole, so it is built with nothing beside
   * it (beside others, it had run the answer worker out of heap).
   */
  builtAlone?: true;
  /** Error codes the route's own guards answer, beyond the platform's (for the OpenAPI document). */
  errors?: readonly ApiErrorCode[];
  /**
   * Runs after the permission check and before the body is parsed (e.g. the Arabic-locale rule), on keyed
   * routes. Its path parameters are decoded but not yet validated: validation comes after it.
   */
  guard?(input: { params: Record<string, unknown>; key: ApiKeyRecord | null }): void;
  /** Runs on the parsed body before schema validation (e.g. `text_ar` is forbidden, not merely unknown). */
  bodyGuard?(body: unknown): void;
  /**
   * POST only: the route also takes `application/x-www-form-urlencoded`, an HTML form posted with JavaScript
   * off, and answers it with an HTML page (a refusal the sender can correct, with the form again).
   */
  htmlForm?: HtmlForm;
  /**
   * A tighter limit per client address, counted besides the general one (and before any of the route's
   * work): `submissions` is `AppDependencies.submissionLimit` (5 an hour by default).
   */
  addressLimit?: 'submissions';
  /** Overrides `cacheControlOf` (an open answer that changes, such as a request's status). */
  cacheControl?: string;
  handle(input: RouteInput<PartOf<Query>, PartOf<Params>, PartOf<Body>>, deps: AppDependencies): Promise<RouteResult>;
}

/** A form's fields as posted: a name sent more than once (checkboxes) gives a list. */
export type FormFields = Record<string, string | string[]>;

/** What the paths to precompute are drawn from, read from the stores. */
export interface PrecomputeCatalog {
  /** The languages of the Quran's editions (`ar` among them). */
  quranLanguages: string[];
  /** The books of each Hadith collection. */
  hadithBooks: { collection: string; book: number }[];
  /** The Hadith's editions: a collection in a language. */
  hadithEditions: { collection: string; lang: string }[];
}

/** How a route that takes an HTML form reads it and answers it in HTML. */
export interface HtmlForm {
  /** The fields as the body schema reads them. */
  toBody(fields: FormFields): Record<string, unknown>;
  /** The page answering a success (with the route's success status). */
  answered(data: unknown): string;
  /** The page answering a refusal the sender can correct: the form again, kept as sent, the message by its field. */
  refused(fields: FormFields, message: string): string;
}

/** A route whose handler types are inferred from its schemas. */
export const defineRoute = <
  Query extends TSchema | undefined = undefined,
  Params extends TSchema | undefined = undefined,
  Body extends TSchema | undefined = undefined,
>(
  route: RouteDefinition<Query, Params, Body>,
): RouteDefinition<Query, Params, Body> => route;

export const permissionFor = (method: HttpMethod) =>
  method === 'get' ? 'read' : method === 'delete' ? 'delete' : 'write';

/** Open answers may be kept by any cache for an hour; keyed ones are the key holder's and revalidated each time. */
export const cacheControlOf = (route: Pick<RouteDefinition, 'resource' | 'cacheControl'>) =>
  route.cacheControl ?? (route.resource === null ? 'public, max-age=3600' : 'private, max-age=0');
