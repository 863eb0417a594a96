import createClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import { ApiError, rateLimitOf, type RateLimit } from './api-error.js';
import type { paths } from './generated/openapi.js';

export type { paths, operations, components } from './generated/openapi.js';

/** The methods the API has. */
export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The document's paths that have `method` (`'/api/v1/qibla'`, `'/api/v1/quran/surahs/{surah}/ayahs'`, …). */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

/** What a call of `method` on `path` takes: `params.query`, `params.path`, `body`, and `signal` and `headers`. */
export type CallInit<P extends keyof paths, M extends HttpMethod> = MaybeOptionalInit<paths[P], M>;

/** The init argument: required when the operation has a required parameter or body, else optional. */
type InitArgument<P extends keyof paths, M extends HttpMethod> =
  undefined extends CallInit<P, M> ? [init?: CallInit<P, M>] : [init: CallInit<P, M>];

type SuccessBody<P extends keyof paths, M extends HttpMethod> = NonNullable<
  FetchResponse<NonNullable<paths[P][M]>, object, `${string}/${string}`>['data']
>;

/**
 * What a successful call returns: the `data` of a JSON answer (`{"data": …}`), the text of a text answer
 * (an iCalendar feed, a page), the whole JSON of an answer without `data` (`/health`, `/openapi.json`), and
 * `undefined` for a 204.
 */
export type ResponseData<P extends keyof paths, M extends HttpMethod> = [SuccessBody<P, M>] extends [never]
  ? undefined
  : Unwrapped<SuccessBody<P, M>>;

/** Each kind of answer unwrapped on its own (an operation may answer JSON or, to a form, a page). */
type Unwrapped<Body> = Body extends { data: infer D } ? D : Body;

export interface RetryOptions {
  /** Further tries after a 429 (or a 503): 0 (the default) never retries. */
  attempts?: number;
  /** Also retry a 503 (after `Retry-After`, else 1, 2, 4… seconds), for GET, PUT and DELETE only. Default true. */
  on503?: boolean;
  /** A wait longer than this (seconds) is not waited: the ApiError is thrown instead. Default 60. */
  maxDelaySeconds?: number;
}

export interface ClientOptions {
  /** The server's origin, as `https://api.example.org` (the paths carry `/api/v1`). */
  baseUrl: string;
  /** The API key (`idk_…`), sent as `X-API-Key`; leave it out for the open endpoints alone. */
  apiKey?: string;
  retry?: RetryOptions;
  /** A fetch of your own (a proxy agent, a test); the global `fetch` by default. */
  fetch?: typeof globalThis.fetch;
}

type Call<M extends HttpMethod> = <P extends PathsWith<M>>(
  path: P,
  ...init: InitArgument<P, M>
) => Promise<ResponseData<P, M>>;

export interface IslamicDataClient {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
  /** The rate-limit headers of the latest response (null before the first). */
  readonly lastRateLimit: RateLimit | null;
}

/** Methods a 503 may be retried for: a repeated POST or PATCH could do its work twice. */
const IDEMPOTENT = new Set<HttpMethod>(['get', 'put', 'delete']);

/**
 * A typed client of the Islamic Data API over `fetch` (openapi-fetch), its types generated from the
 * document the server serves. A call returns the answer's `data`, or throws an `ApiError`.
 *
 *   const api = createIslamicDataClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.API_KEY });
 *   const { bearing } = await api.get('/api/v1/qibla', { params: { query: { lat: 51.5, lng: -0.13 } } });
 */
export function createIslamicDataClient(options: ClientOptions): IslamicDataClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.apiKey ? { 'X-API-Key': options.apiKey } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const attempts = options.retry?.attempts ?? 0;
  const retry503 = options.retry?.on503 ?? true;
  const maxDelaySeconds = options.retry?.maxDelaySeconds ?? 60;
  let lastRateLimit: RateLimit | null = null;

  async function call(method: HttpMethod, path: string, init: { signal?: AbortSignal } = {}): Promise<unknown> {
    const request = client.request as unknown as (
      method: string,
      path: string,
      init: object,
    ) => Promise<{ data?: string; error?: unknown; response: Response }>;
    for (let attempt = 0; ; attempt++) {
      // Text, parsed here: a JSON answer gives its `data`, a calendar or a page its text.
      const { data, error, response } = await request(method.toUpperCase(), path, { ...init, parseAs: 'text' });
      lastRateLimit = rateLimitOf(response.headers);
      if (response.ok) return unwrap(response, data);
      const failure = ApiError.of(response, error);
      const retryable =
        failure.status === 429 || (failure.status === 503 && retry503 && IDEMPOTENT.has(method as HttpMethod));
      const delay = failure.retryAfterSeconds ?? (failure.status === 503 ? 2 ** attempt : 1);
      if (!retryable || attempt >= attempts || delay > maxDelaySeconds) throw failure;
      await sleep(delay * 1000, init.signal);
    }
  }

  const method =
    <M extends HttpMethod>(name: M): Call<M> =>
    (path, ...init) =>
      call(name, path as string, init[0] as { signal?: AbortSignal }) as never;
  return {
    get: method('get'),
    post: method('post'),
    put: method('put'),
    patch: method('patch'),
    delete: method('delete'),
    get lastRateLimit() {
      return lastRateLimit;
    },
  };
}

function unwrap(response: Response, text: string | undefined): unknown {
  if (text === undefined || response.status === 204) return undefined;
  if (!/[/+]json\b/i.test(response.headers.get('Content-Type') ?? '')) return text;
  const body = JSON.parse(text) as unknown;
  return body !== null && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
