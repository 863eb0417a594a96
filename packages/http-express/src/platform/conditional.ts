/**
 * Whether an `If-None-Match` header matches an entity tag (weak comparison, RFC 9110 §13.1.2). Decided by the
 * origin whatever `Cache-Control` the request carries: `no-cache` speaks to caches, and fetch() sends it with
 * every conditional request.
 */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
