import type { ContentVersions, ContentVersionVector } from '../content-versions/content-versions.js';
import type { RateLimitDecision, RateLimitPolicy, RateLimiter } from './rate-limiter.js';

/** One bucket a request is counted in, with its own policy (the admission's when absent). */
export interface AdmissionCount {
  bucket: string;
  policy?: RateLimitPolicy;
}

export interface AdmissionRequest {
  /** Counted in this order; a count that exceeds its limit stops the rest (they are not counted). */
  counts: readonly AdmissionCount[];
  now: Date;
  /**
   * The `keys` version the request's key was looked up at, or null when no key was looked up: when the
   * current `keys` version differs, nothing is counted and the admission answers `keys-moved`, so that the
   * key is looked up again (its bucket may differ: a key just revoked or just created).
   */
  keysVersion: number | null;
}

export type Admission =
  | { outcome: 'counted'; decisions: RateLimitDecision[]; versions: ContentVersionVector }
  | { outcome: 'keys-moved'; versions: ContentVersionVector };

/**
 * Port: what a request asks before any work for it, in one step: count it against its buckets and learn the
 * current content versions (which the key cache and the representation cache compare with). Scaled out, one
 * Redis script answers both, so a cached answer costs one network round trip.
 */
export interface RequestAdmission {
  admit(request: AdmissionRequest): Promise<Admission>;
  /** The newest versions this admission has answered with; undefined before its first answer. */
  latest(): ContentVersionVector | undefined;
}

/**
 * The admission of one process, or of processes that share no Redis: the limiter counts, the content versions
 * port says the versions (SQLite: a probe in memory; in-memory stores: memory). The versions are read first,
 * so that an answer is never computed before the versions it is kept under.
 */
export function separateAdmission(rateLimiter: RateLimiter, contentVersions: ContentVersions): RequestAdmission {
  let latest: ContentVersionVector | undefined;
  return {
    latest: () => latest,
    async admit({ counts, now, keysVersion }) {
      const versions = await contentVersions.current();
      latest = versions;
      if (keysVersion !== null && versions.keys !== keysVersion) return { outcome: 'keys-moved', versions };
      const decisions: RateLimitDecision[] = [];
      for (const { bucket, policy } of counts) {
        const decision = await rateLimiter.consume(bucket, now, policy);
        decisions.push(decision);
        if (!decision.allowed) break;
      }
      return { outcome: 'counted', decisions, versions };
    },
  };
}
