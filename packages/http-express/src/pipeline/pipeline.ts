import { AppError, separateAdmission, validationError, withoutStack, type KeyVerification } from '@islamic-data/core';
import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import parseUrl from 'parseurl';
import { DEFAULT_SUBMISSION_LIMIT, type AppDependencies } from '../dependencies.js';
import { API_PREFIX } from '../openapi.js';
import { HttpRefusal } from '../platform/error-statuses.js';
import type { RepresentationCache } from '../platform/representation-cache.js';
import {
  JSON_CONTENT_TYPE,
  Representation,
  STORE_FROM_BYTES,
  type KeptRepresentation,
} from '../platform/representation.js';
import {
  currentAnswers,
  PrecomputedRepresentation,
  type StoredCoding,
} from '../platform/precomputed-representation.js';
import { preferredCoding } from '../platform/content-coding.js';
import {
  READS_TO_KEEP_IN_MEMORY,
  readWhole,
  StoredRepresentation,
  type RepresentationFiles,
} from '../platform/stored-representation.js';
import { cacheControlOf, type FormFields, type RouteDefinition } from '../platform/route.js';
import { buildAnswer, receivedAnswer, routeId } from './build-answer.js';
import { cachedAnswers, type CacheSlot } from './cached-answer.js';
import { checkAccess } from './check-access.js';
import { allowReadsFromAnyOrigin, answerPreflight, isPreflight } from './cors.js';
import { requestCounting, type TrustProxy } from './count-request.js';
import { sendFailure } from './error-envelope.js';
import { keyIdentification } from './identify-key.js';
import type { RequestContext } from './request-context.js';
import { assignRequestId } from './request-id.js';
import { logRequest } from './request-log.js';
import { observeRequest } from './observe-request.js';
import { RouteTable } from './route-table.js';
import { runHandler } from './run-handler.js';
import { answerFormPost, isFormPost } from './form-post.js';
import { methodAndPath, servicePages, type ServicePage } from './service-pages.js';
import { inputValidation, type SentInput, type ValidatedInput } from './validate-input.js';

const BODY_LIMIT = '64kb';

/** A request's verification until the identify step: no key presented (shared, never changed). */
const NOT_IDENTIFIED: KeyVerification = Object.freeze({ outcome: 'missing' });

/** What a path leads to: an API route with its compiled validation, or a service page. */
type Target =
  | { kind: 'api'; route: RouteDefinition; validate: (sent: SentInput) => ValidatedInput }
  | { kind: 'service'; page: ServicePage };

export interface PipelineOptions {
  cache: RepresentationCache;
  /** Where large answers are kept (in memory when absent). */
  files?: RepresentationFiles;
  trustProxy: TrustProxy;
}

/**
 * The one request pipeline: every request passes these steps in this order, each written once.
 *
 *   request id, log line, CORS → (preflight) → match the route, once → (service page) → identify the key →
 *   count (429) → access → validate → cache hit → handle → keep and send → on any failure, the one envelope
 *
 * The route is matched before the key is identified because the route says whether a key may come in the
 * query; the match is a lookup and does no work for the route, so a 429 still precedes all of it. Validation
 * precedes the cache because the cache key is the validated parameters.
 */
export function requestPipeline(deps: AppDependencies, routes: RouteDefinition[], options: PipelineOptions) {
  const table = new RouteTable<Target>();
  for (const [entry, page] of Object.entries(servicePages(deps, routes))) {
    const { method, path } = methodAndPath(entry);
    table.add(method, path, { kind: 'service', page });
  }
  for (const route of routes) {
    table.add(route.method.toUpperCase(), API_PREFIX + route.path, {
      kind: 'api',
      route,
      validate: inputValidation(route),
    });
  }
  const admission = deps.admission ?? separateAdmission(deps.rateLimiter, deps.contentVersions);
  const identify = keyIdentification({ ...deps, admission });
  const count = requestCounting({ admission, clock: deps.clock }, options.trustProxy);
  const answers = cachedAnswers(deps, options.cache);
  /** How often each download was sent from its precomputed answer and not kept (one key per precomputed path). */
  const downloadReads = new Map<string, number>();
  const parseJsonBody = express.json({ limit: BODY_LIMIT, strict: false, type: () => true });
  const parseFormBody = express.urlencoded({ limit: BODY_LIMIT, extended: false, type: () => true });

  async function steps(ctx: RequestContext): Promise<void> {
    const { req, res } = ctx;
    if (isPreflight(req)) {
      ctx.routeTemplate = '(preflight)';
      return answerPreflight(req, res);
    }
    const match = table.match(req.method ?? 'GET', ctx.path);
    if (match.kind !== 'not-found') ctx.routeTemplate = match.path;
    if (match.kind === 'found' && match.target.kind === 'service') return match.target.page(req, res, match.params);
    const api = match.kind === 'found' && match.target.kind === 'api' ? match.target : undefined;
    const servicePath = match.kind === 'method-not-allowed' && match.targets.some(({ kind }) => kind === 'service');
    if (!servicePath) {
      const keyInQuery = api?.route.keyInQuery !== undefined;
      const keysVersion = await identify(ctx, keyInQuery);
      const addressLimit = api?.route.addressLimit && (deps.submissionLimit ?? DEFAULT_SUBMISSION_LIMIT);
      if (!(await count(ctx, addressLimit, keysVersion, () => identify(ctx, keyInQuery)))) return;
    }
    if (match.kind === 'not-found')
      throw withoutStack(() => new AppError('NOT_FOUND', `No route for ${req.method} ${ctx.path}.`));
    if (match.kind === 'method-not-allowed') return refuseMethod(ctx, match.allowed);
    const { route, validate } = api!;
    ctx.key = checkAccess(route, ctx.verification, match, ctx.keySentIn ?? null);
    const query = parseQuery(ctx.rawQuery);
    if (route.htmlForm && isFormPost(req)) {
      const fields = await readFormBody(req, res);
      const sentForm = { query, params: match.params, body: route.htmlForm.toBody(fields) };
      return answerFormPost(ctx, route, route.htmlForm, fields, () =>
        runHandler(route, validate(sentForm), ctx.key, deps),
      );
    }
    const body = route.body ? await readJsonBody(req, res) : undefined;
    const input = validate({ query, params: match.params, body } satisfies SentInput);
    if (route.method === 'get') return answerRead(ctx, route, input);
    return answerWrite(ctx, route, input);
  }

  async function answerRead(ctx: RequestContext, route: RouteDefinition, input: ValidatedInput): Promise<void> {
    const { req, res } = ctx;
    const slot = await answers.slotFor(ctx, route, input);
    const kept = slot && answers.current(route, slot);
    if (slot) ctx.cache = kept ? 'hit' : 'miss';
    if (kept) return kept.send(req, res, cacheControlOf(route));
    const compute = () => computeAnswer(ctx, route, input, slot);
    const answer = await (slot ? answers.buildOnce(slot, compute) : compute());
    // Only a 200 is a representation worth keeping; any other success status is sent as it is.
    if (!('representation' in answer)) {
      return sendJson(req, res, answer.status, { data: answer.data }, cacheControlOf(route));
    }
    return answer.representation.send(req, res, cacheControlOf(route));
  }

  /**
   * A read's answer, kept when it is a 200 (a large one in files, if the cache keeps it). A `large` route's is
   * computed and serialised by the answer builder, off the event loop, when the app has one.
   */
  async function computeAnswer(
    ctx: RequestContext,
    route: RouteDefinition,
    input: ValidatedInput,
    slot: CacheSlot | null,
  ): Promise<{ representation: KeptRepresentation } | { status: number; data: unknown }> {
    const precomputed =
      slot && route.precomputedPaths
        ? await precomputedAnswer(route, slot, ctx.req.headers['accept-encoding'])
        : undefined;
    if (precomputed) {
      ctx.cache = 'precomputed';
      if (!route.builtAlone || readOftenEnough(slot!.key)) answers.keep(slot!, precomputed);
      return { representation: precomputed };
    }
    const builder = route.large ? deps.answerBuilder : undefined;
    // The builder writes a large body to the file it is kept in, off the event loop (from its second miss on).
    const storeAt = builder && slot !== null && answers.keepsLarge(route, slot) ? options.files?.nextPath() : undefined;
    const built = receivedAnswer(
      builder
        ? await builder
            .build(routeId(route), input, ctx.key, ctx.req.headers['accept-encoding'], storeAt)
            .catch((error: unknown) => {
              // A build that failed (its worker out of heap) may have left part of a body in its file.
              if (storeAt !== undefined) options.files!.remove(storeAt);
              throw error;
            })
        : await buildAnswer(route, input, ctx.key, deps),
    );
    if ('status' in built) return built;
    const { body, made } = built;
    const large = slot !== null && options.files !== undefined && body.length >= STORE_FROM_BYTES;
    // A large answer's first miss is sent and not kept: most are never asked for again (cached-answer.ts). A builder's
    // route was asked before its build (a file only when kept); another is asked only when its body is large, so a
    // small miss (a prayer time at random coordinates) hashes no key for it.
    if (large && Buffer.isBuffer(body) && (builder ? storeAt === undefined : !answers.keepsLarge(route, slot))) {
      answers.missedLarge(slot);
      return { representation: new Representation(body, built.headers, made) };
    }
    const inFiles = large && options.cache.accepts(body.length, true);
    let representation: KeptRepresentation;
    if (inFiles) representation = new StoredRepresentation(options.files!, body, built.headers, made);
    else {
      // A body only in its file (a download) that is not kept in files after all is read back into memory.
      const bytes = Buffer.isBuffer(body) ? body : await readWhole({ path: made!.file!, length: body.length });
      if (made?.file) {
        options.files!.remove(made.file);
        made.file = undefined;
      }
      representation = new Representation(bytes, built.headers, made);
    }
    if (slot) answers.keep(slot, representation);
    return { representation };
  }

  /**
   * Whether a download sent from its precomputed answer is kept in memory: from its READS_TO_KEEP_IN_MEMORY-th read
   * on, as a built one is kept from its file. Until then it is read from the database at each request: held in
   * memory at its first read, a download (megabytes) would push hundreds of small answers out of the cache. Read
   * into a buffer of its own for every request, the Arabic Quran pulled by 20 clients in a loop took Qibla's p99 from
   * 2 to 16 times its p99 alone (`npm run bench`).
   */
  function readOftenEnough(key: string): boolean {
    const reads = (downloadReads.get(key) ?? 0) + 1;
    if (reads < READS_TO_KEEP_IN_MEMORY) downloadReads.set(key, reads);
    else downloadReads.delete(key);
    return reads >= READS_TO_KEEP_IN_MEMORY;
  }

  /**
   * The answer precomputed for the slot at its content versions, if there is one: in the encoding the request
   * prefers (brotli for a client that takes neither), its other encoding loaded when first asked for.
   */
  async function precomputedAnswer(route: RouteDefinition, slot: CacheSlot, acceptEncoding: string | undefined) {
    const store = deps.precomputedAnswers;
    const versions = slot.versions;
    if (!store || versions === null) return undefined;
    const current = async (encoding: StoredCoding) =>
      currentAnswers(await store.find(slot.key, encoding), deps.answersFormat ?? '', versions, route.reads ?? [])[0];
    const first = await current(preferredCoding(acceptEncoding) === 'gzip' ? 'gzip' : 'br');
    return first && new PrecomputedRepresentation(first, current);
  }

  async function answerWrite(ctx: RequestContext, route: RouteDefinition, input: ValidatedInput): Promise<void> {
    const result = await runHandler(route, input, ctx.key, deps);
    const status = result.status ?? route.successStatus ?? 200;
    sendJson(ctx.req, ctx.res, status, status === 204 ? undefined : { data: result.data }, cacheControlOf(route));
  }

  function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    return readBody(parseJsonBody, req, res);
  }

  /** An HTML form's fields (`application/x-www-form-urlencoded`); a name sent twice gives a list. */
  async function readFormBody(req: IncomingMessage, res: ServerResponse): Promise<FormFields> {
    return ((await readBody(parseFormBody, req, res)) ?? {}) as FormFields;
  }

  function readBody(parser: express.RequestHandler, req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    return new Promise((resolve, reject) => {
      parser(req as express.Request, res as express.Response, (error?: unknown) =>
        error ? reject(error) : resolve((req as { body?: unknown }).body),
      );
    });
  }

  const { logger, requestObserver } = deps;
  const handle = (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const requestId = assignRequestId(req, res);
    const target = readableTarget(req);
    const ctx: RequestContext = {
      req,
      res,
      requestId,
      path: target?.pathname ?? '(unreadable request target)',
      rawQuery: typeof target?.query === 'string' ? target.query : '',
      verification: NOT_IDENTIFIED,
      key: null,
      routeTemplate: '(unmatched)',
      cache: 'none',
      rateLimited: false,
      versions: undefined,
    };
    // One listener for the log line and the observer: a response finishes once.
    res.on('finish', () => {
      const durationMs = performance.now() - started;
      logRequest(logger, ctx, durationMs);
      if (requestObserver) observeRequest(requestObserver, ctx, durationMs);
    });
    allowReadsFromAnyOrigin(req, res);
    const answered = target ? steps(ctx) : Promise.reject(validationError('The request target is not a valid URL.'));
    return answered.catch((error: unknown) => sendFailure(deps.logger, ctx, error));
  };
  return { handle, operations: () => table.operations() };
}

/** A known path asked with a method it does not have: `Allow` names those it has; OPTIONS is answered 204. */
function refuseMethod({ req, res, path }: RequestContext, allowed: string[]): void {
  const allow = allowed.join(', ');
  res.setHeader('Allow', allow);
  if (req.method !== 'OPTIONS')
    throw new HttpRefusal('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}; allowed: ${allow}.`);
  res.statusCode = 204;
  res.end();
}

/** A success answer other than a kept representation: a write's, or a read's with another status than 200. */
function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown, cacheControl: string) {
  res.statusCode = status;
  res.setHeader('Cache-Control', cacheControl);
  if (value === undefined || status === 204) return void res.end();
  const body = Buffer.from(JSON.stringify(value));
  res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The request target; none for one that cannot be parsed (`GET http://[x/ HTTP/1.1`). */
function readableTarget(req: IncomingMessage): ReturnType<typeof parseUrl> | null {
  try {
    return parseUrl(req) ?? null;
  } catch {
    return null;
  }
}
