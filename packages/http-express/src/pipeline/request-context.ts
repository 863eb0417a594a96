import type { ApiKeyRecord, ContentVersionVector, KeyVerification } from '@islamic-data/core';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the steps of one request learn, passed from step to step by the pipeline (never through the
 * response object): each step reads what earlier ones wrote and adds its own.
 */
export interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly requestId: string;
  /** The request target's path, as sent (percent-escapes kept). */
  readonly path: string;
  /** The query string without its `?`; empty when there is none. */
  readonly rawQuery: string;
  /** The presented key's verification (the identify step); `missing` until then. */
  verification: KeyVerification;
  /** Where the presented key was sent (the identify step): the `X-API-Key` header, the query string, or nowhere. */
  keySentIn?: 'header' | 'query' | null;
  /** The key the access step accepted: null on open routes, where no key is needed or used. */
  key: ApiKeyRecord | null;
  /**
   * The matched route's template (`/api/v1/quran/surahs/{surah}`), never the path as sent: what metrics are
   * labelled with. `(unmatched)` until the route step, and for a path no route has; `(preflight)` for a preflight.
   */
  routeTemplate: string;
  /**
   * Whether the answer came from the representation cache, or at a miss from its precomputed answer: `none` where
   * the route keeps no answers.
   */
  cache: 'hit' | 'miss' | 'precomputed' | 'none';
  /** Refused by the rate limit (the count step's 429). */
  rateLimited: boolean;
  /**
   * The content versions, learnt by the count step with its count (one call of the admission): what the key cache
   * and the representation cache compare with.
   */
  versions: ContentVersionVector | undefined;
}
