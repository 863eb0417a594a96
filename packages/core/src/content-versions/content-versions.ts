/**
 * What a cached answer may depend on. Every committed change to an area raises its version, in the
 * transaction that makes the change, whichever process commits it.
 */
export const CONTENT_AREAS = ['keys', 'editions', 'quran', 'hadith', 'mosques'] as const;
export type ContentArea = (typeof CONTENT_AREAS)[number];

/** The version of every area at one moment; versions only grow. */
export type ContentVersionVector = Readonly<Record<ContentArea, number>>;

/**
 * Port: the current version of each content area as committed by any process sharing the storage (a CLI
 * write, a second server process). Asked before every cached answer, so adapters answer it cheaply (from
 * memory until they learn of a commit). The stores raise the versions themselves: a write through any
 * store raises its area when its transaction commits, and a transaction that fails raises nothing.
 */
export interface ContentVersions {
  current(): Promise<ContentVersionVector>;
}

export const zeroVersions = (): Record<ContentArea, number> =>
  Object.fromEntries(CONTENT_AREAS.map((area) => [area, 0])) as Record<ContentArea, number>;

/** Whether two vectors agree on the given areas. */
export const sameVersions = (a: ContentVersionVector, b: ContentVersionVector, areas: readonly ContentArea[]) =>
  areas.every((area) => a[area] === b[area]);
