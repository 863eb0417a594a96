import { canSeeUnpublished, sameVersions, type ApiKeyRecord, type ContentVersionVector } from '@islamic-data/core';
import type { AppDependencies } from '../dependencies.js';
import { RecentMisses } from '../platform/recent-misses.js';
import type { RepresentationCache } from '../platform/representation-cache.js';
import type { KeptRepresentation } from '../platform/representation.js';
import type { RouteDefinition } from '../platform/route.js';
import type { RequestContext } from './request-context.js';
import type { ValidatedInput } from './validate-input.js';

/** Where an answer is kept: its cache key and what it was computed at. */
export interface CacheSlot {
  key: string;
  versions: ContentVersionVector | null;
  minute: number | null;
}

/**
 * Who may see what: an open route answers everyone alike; on a keyed route, keys that may write also see
 * unpublished content (the core's rule), so they get answers of their own.
 */
const visibilityOf = (route: RouteDefinition, key: ApiKeyRecord | null) =>
  route.resource === null ? 'open' : canSeeUnpublished(key) ? 'editor' : 'reader';

/**
 * The parameters the handler is given, in one spelling: validation lists them by sorted name, coerced, defaults
 * filled, and leaves out every query parameter the route does not declare (a cache buster or a misspelling); the
 * key itself is left out here.
 */
function canonicalParameters(route: RouteDefinition, input: ValidatedInput): string {
  // JSON.stringify([Object.entries(params), Object.entries(query)]), written without the arrays it would build.
  return `[[${entriesJson(input.params, false)}],[${entriesJson(input.query, route.keyInQuery !== undefined)}]]`;
}

function entriesJson(values: Record<string, unknown>, leaveOutKey: boolean): string {
  let text = '';
  for (const name in values) {
    if (leaveOutKey && name === 'key') continue;
    const entry = `[${JSON.stringify(name)},${JSON.stringify(values[name]) ?? 'null'}]`;
    text = text === '' ? entry : `${text},${entry}`;
  }
  return text;
}

/**
 * The same text, stored flat. V8 keeps a string built by concatenation as a tree of its parts, and a key kept by the
 * cache would hold that tree: some 1.3 KB for a key of 150 characters against 0.2 KB flat (some 9 MB of the main
 * thread's heap over the mix). Reading a character flattens the string in place.
 */
export function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/**
 * The key of a read's answer: the route, who may see what, and the parameters in one spelling. Precomputed answers
 * are kept under the same key (precompute-answers.ts).
 */
export const answerKey = (route: RouteDefinition, key: ApiKeyRecord | null, input: ValidatedInput): string =>
  flat(`${route.method} ${route.path} ${visibilityOf(route, key)} ${canonicalParameters(route, input)}`);

/**
 * How many large answers let go at their first miss are remembered: a round of the mix (100,000 requests) builds
 * some 2,500 answers of 64 KiB or more (pages of 50 and 100 hadiths, a collection's book pages).
 */
const LARGE_MISSES_REMEMBERED = 4096;

/**
 * The representation cache's side of a read: a route that declares what it `reads` is answered from the cache
 * while those content areas keep their versions (and, for a route that reads the clock, within the minute).
 */
export function cachedAnswers(deps: AppDependencies, cache: RepresentationCache) {
  /** The slot of this request's answer, read before the answer is computed; none for a route never cached. */
  async function slotFor(
    ctx: RequestContext,
    route: RouteDefinition,
    input: ValidatedInput,
  ): Promise<CacheSlot | null> {
    if (route.reads === undefined) return null;
    const key = answerKey(route, ctx.key, input);
    // The versions the request read when it came in (for its key), else now: never after the answer is computed.
    const versions = route.reads.length > 0 ? (ctx.versions ??= await deps.contentVersions.current()) : null;
    const minute = route.usesClock ? Math.floor(deps.clock.now().getTime() / 60_000) : null;
    return { key, versions, minute };
  }

  /** The kept answer of that slot, if it is still current. */
  function current(route: RouteDefinition, slot: CacheSlot): KeptRepresentation | undefined {
    const entry = cache.get(slot.key);
    if (!entry || entry.minute !== slot.minute) return undefined;
    if (slot.versions === null) return entry.representation;
    const same = entry.versions !== null && sameVersions(entry.versions, slot.versions, route.reads ?? []);
    return same ? entry.representation : undefined;
  }

  /** Keeps the answer of a slot; false when it is too large to keep. */
  function keep(slot: CacheSlot, representation: KeptRepresentation): boolean {
    return cache.set(slot.key, { representation, versions: slot.versions, minute: slot.minute });
  }

  /**
   * Single flight: requests that miss the same slot (same answer, same content versions, same minute) while it is
   * being computed wait for that one computation instead of each making their own.
   */
  const building = new Map<string, Promise<unknown>>();
  function buildOnce<T>(slot: CacheSlot, build: () => Promise<T>): Promise<T> {
    const id = `${slot.minute} ${JSON.stringify(slot.versions)} ${slot.key}`;
    let pending = building.get(id) as Promise<T> | undefined;
    if (!pending) {
      pending = build().finally(() => building.delete(id));
      building.set(id, pending);
    }
    return pending;
  }

  /**
   * Large answers (64 KiB and more, kept in files) are kept from their second miss: most are asked for once (a page
   * of hadiths after a random one), and each was written to its file, then unlinked unread. A round of the mix wrote
   * 250 MB of such files before, 95 MB since (the server's write_bytes); its req/s and CPU did not move beyond their
   * noise. A download is kept from its first: it is written to its file as it is built, and read again and again.
   */
  const largeMisses = new RecentMisses(LARGE_MISSES_REMEMBERED);
  const keepsLarge = (route: RouteDefinition, slot: CacheSlot) =>
    route.builtAlone === true || largeMisses.has(slot.key);
  const missedLarge = (slot: CacheSlot) => largeMisses.note(slot.key);

  return { slotFor, current, keep, buildOnce, keepsLarge, missedLarge };
}
