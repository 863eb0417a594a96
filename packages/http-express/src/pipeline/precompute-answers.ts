import { AppError, type PrecomputedAnswer } from '@islamic-data/core';
import { parse as parseQuery } from 'node:querystring';
import type { AppDependencies } from '../dependencies.js';
import { compressSync } from '../platform/compression.js';
import { currentAnswers, precomputedMeta, STORED_CODINGS } from '../platform/precomputed-representation.js';
import { COMPRESS_FROM_BYTES, entityTag } from '../platform/representation.js';
import type { PrecomputeCatalog, RouteDefinition } from '../platform/route.js';
import { buildAnswer } from './build-answer.js';
import { answerKey } from './cached-answer.js';
import { RouteTable } from './route-table.js';
import { inputValidation, type ValidatedInput } from './validate-input.js';

export interface PrecomputeReport {
  /** Answers computed and kept (each in both encodings). */
  computed: number;
  /** Answers kept before and still current: left as they were. */
  current: number;
  /** Paths that answered nothing to keep: not a 200 (no such edition), or too small to compress. */
  skipped: number;
  /** The bytes of the answers computed. */
  bytes: number;
}

/** What the paths are drawn from: the editions of the Quran and of the Hadith, and the Hadith's books. */
async function precomputeCatalog(deps: AppDependencies): Promise<PrecomputeCatalog> {
  const { editions, hadith } = deps.stores;
  const listed = await editions.list();
  const quranLanguages = listed.filter(({ resource }) => resource === 'quran').map(({ lang }) => lang);
  const hadithEditions = listed
    .filter(({ resource, collection }) => resource === 'hadith' && collection !== null)
    .map(({ collection, lang }) => ({ collection: collection!, lang }));
  const hadithBooks: PrecomputeCatalog['hadithBooks'] = [];
  for (const { slug } of await hadith.listCollections())
    for (const { number } of await hadith.listBooks(slug)) hadithBooks.push({ collection: slug, book: number });
  return { quranLanguages, hadithBooks, hadithEditions };
}

/** Every path the routes precompute (`precomputedPaths`), below the API prefix. */
const precomputedPaths = (routes: RouteDefinition[], catalog: PrecomputeCatalog): string[] =>
  routes.flatMap((route) => route.precomputedPaths?.(catalog) ?? []);

/**
 * Computes the answers of the routes' `precomputedPaths` as a reader with no key sees them (published content), in
 * each encoding the answer worker makes, and keeps them with the content versions read before each was computed:
 * the same bytes and entity tags as an answer built for a request. Paths whose precomputed answer is still current
 * are left as they are, so a second run after no change computes nothing.
 */
export async function precomputeAnswers(
  deps: AppDependencies,
  routes: RouteDefinition[],
  onProgress?: (done: number, total: number) => void,
): Promise<PrecomputeReport> {
  const store = deps.precomputedAnswers;
  if (!store) throw new Error('Precomputing needs a store of precomputed answers.');
  const table = new RouteTable<RouteDefinition>();
  for (const route of routes) if (route.precomputedPaths) table.add(route.method.toUpperCase(), route.path, route);
  const paths = precomputedPaths(routes, await precomputeCatalog(deps));
  const report: PrecomputeReport = { computed: 0, current: 0, skipped: 0, bytes: 0 };
  const validations = new Map<RouteDefinition, ReturnType<typeof inputValidation>>();
  for (const [index, path] of paths.entries()) {
    const [pathname, search = ''] = path.split('?');
    const match = table.match('GET', pathname!);
    if (match.kind !== 'found') throw new Error(`No precomputed route answers ${path}.`);
    const route = match.target;
    if (!validations.has(route)) validations.set(route, inputValidation(route));
    const input = validations.get(route)!({ query: parseQuery(search), params: match.params, body: undefined });
    const key = answerKey(route, null, input);
    const versions = await deps.contentVersions.current();
    const kept = currentAnswers(await store.find(key), deps.answersFormat ?? '', versions, route.reads ?? []);
    const current = kept.length === STORED_CODINGS.length;
    if (current) report.current++;
    else {
      const answers = await precomputed(deps, route, input, key, versions);
      if (answers.length === 0) report.skipped++;
      else {
        await store.keep(answers);
        report.computed++;
        report.bytes += answers.reduce((sum, { bytes }) => sum + bytes.length, 0);
      }
    }
    onProgress?.(index + 1, paths.length);
  }
  return report;
}

/** One path's answer in each encoding; none when it is not a 200 or too small to be sent compressed. */
async function precomputed(
  deps: AppDependencies,
  route: RouteDefinition,
  input: ValidatedInput,
  key: string,
  versions: PrecomputedAnswer['versions'],
): Promise<PrecomputedAnswer[]> {
  const built = await buildAnswer(route, input, null, deps).catch((error: unknown) => {
    if (error instanceof AppError) return undefined;
    throw error;
  });
  if (!built || !('body' in built) || built.body.length < COMPRESS_FROM_BYTES) return [];
  const tag = entityTag(built.body);
  const meta = precomputedMeta(deps.answersFormat ?? '', built.headers);
  return STORED_CODINGS.map((encoding) => ({
    key,
    encoding,
    versions,
    tag,
    length: built.body.length,
    meta,
    bytes: compressSync(encoding, built.body),
  }));
}
