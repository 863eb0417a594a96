import { validationError, type HadithSourceCollection } from '@islamic-data/core';
import { MAX_SOURCE_FILE_BYTES, readCappedBody } from '../capped-body.js';
import { loadUpstreamManifest, type UpstreamManifest } from '../upstream/upstream-manifest.js';
import { HADITH_JSON_COLLECTIONS } from './hadith-json-catalogue.js';
import {
  collectionFromBookFile,
  collectionFromChapterFiles,
  parseHadithJsonFile,
  type HadithJsonChapterFile,
} from './hadith-json-format.js';

const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The collections under a base URL laid out like the hadith-json repository (the URL of its root
 * or of its db/ folder, e.g. a raw.githubusercontent.com URL at a commit), or one whole-book file
 * (a URL ending in .json). A folder cannot be listed over HTTP, so each collection's by_chapter
 * files are probed: `1.json, 2.json, …` up to the first 404 or the last number the upstream manifest
 * pins, then the other files it pins (`introduction.json`, `all.json`, `<n>b.json`; a 404 means
 * absent). Each file is read as it streams, up to MAX_SOURCE_FILE_BYTES. A collection with no
 * by_chapter file is read from `by_book/<group>/<slug>.json`.
 */
export async function* readHadithJsonUrl(
  from: string,
  only?: readonly string[],
): AsyncGenerator<HadithSourceCollection> {
  const base = from.replace(/\/+$/, '');
  if (base.endsWith('.json')) {
    const collection = await readBookUrl(base);
    if (!collection) throw new Error(`${base} answered 404.`);
    if (only !== undefined && !only.includes(collection.info.slug))
      throw validationError(`${from} holds '${collection.info.slug}', not ${only.join(', ')}.`);
    yield collection;
    return;
  }
  const db = base.endsWith('/db') ? base : `${base}/db`;
  let yielded = 0;
  for (const entry of HADITH_JSON_COLLECTIONS) {
    if (only !== undefined && !only.includes(entry.slug)) continue;
    const collection =
      (await readChapterUrls(`${db}/by_chapter/${entry.group}/${entry.slug}`, entry)) ??
      (await readBookUrl(`${db}/by_book/${entry.group}/${entry.slug}.json`));
    if (!collection) {
      if (only !== undefined) throw validationError(`${from} holds no hadith-json files of ${entry.slug}.`);
      continue;
    }
    yielded++;
    yield collection;
  }
  if (yielded === 0)
    throw validationError(
      `${from} holds no hadith-json collection ` +
        `(looked for db/by_chapter/<group>/<slug>/1.json and db/by_book/<group>/<slug>.json).`,
    );
}

let manifest: Promise<UpstreamManifest> | undefined;

/** When the manifest pins no by_chapter file of a collection: the most numbered files a walk asks for. */
const MAX_UNPINNED_CHAPTERS = 500;

/**
 * The by_chapter file names (without `.json`) the upstream manifest pins for a collection: the walk asks
 * for these and no others, so a mirror that answers 200 to every path cannot keep it going.
 */
async function pinnedChapterNames(
  group: string,
  slug: string,
): Promise<{ last: number; extras: string[] } | undefined> {
  const prefix = `db/by_chapter/${group}/${slug}/`;
  manifest ??= loadUpstreamManifest();
  const names = (await manifest).datasets
    .flatMap((dataset) => dataset.files)
    .filter((file) => file.folder === 'hadith-json' && file.path.startsWith(prefix) && file.path.endsWith('.json'))
    .map((file) => file.path.slice(prefix.length, -'.json'.length));
  if (names.length === 0) return undefined;
  const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number);
  return { last: Math.max(0, ...numbers), extras: [...new Set(names.filter((name) => !/^\d+$/.test(name)))] };
}

async function readChapterUrls(
  folder: string,
  entry: { group: string; slug: string },
): Promise<HadithSourceCollection | undefined> {
  const pinned = await pinnedChapterNames(entry.group, entry.slug);
  const last = pinned?.last ?? MAX_UNPINNED_CHAPTERS;
  const numbered: string[] = [];
  for (let first = 1; first <= last; first += CONCURRENCY) {
    const window = Array.from(
      { length: Math.min(CONCURRENCY, last - first + 1) },
      (_, i) => `${folder}/${first + i}.json`,
    );
    const texts = await Promise.all(window.map((url) => fetchText(url)));
    const end = texts.indexOf(undefined);
    numbered.push(...(texts.slice(0, end === -1 ? undefined : end) as string[]));
    if (end !== -1) break;
  }
  const extraNames = pinned ? pinned.extras : ['introduction', 'all', ...numbered.map((_, i) => `${i + 1}b`)];
  const extras = await mapLimited(extraNames, (name) => fetchText(`${folder}/${name}.json`));
  const named = [
    ...numbered.map((text, i) => ({ name: `${folder}/${i + 1}.json`, text })),
    ...extraNames.flatMap((name, i) =>
      extras[i] === undefined ? [] : [{ name: `${folder}/${name}.json`, text: extras[i]! }],
    ),
  ];
  if (named.length === 0) return undefined;
  const files: { name: string; file: HadithJsonChapterFile }[] = named.map((entry) => {
    const parsed = parseHadithJsonFile(entry);
    if (parsed.kind !== 'chapter')
      throw validationError(`${entry.name} is a whole-book file inside a by_chapter folder.`);
    return parsed;
  });
  return collectionFromChapterFiles(files);
}

async function readBookUrl(url: string): Promise<HadithSourceCollection | undefined> {
  const text = await fetchText(url);
  if (text === undefined) return undefined;
  const parsed = parseHadithJsonFile({ name: url, text });
  if (parsed.kind !== 'book')
    throw validationError(`${url} is one chapter of a collection: give the hadith-json root URL instead.`);
  return collectionFromBookFile(parsed);
}

/** The body of a 2xx answer (at most `maxBytes`, read as it streams); undefined for 404; an error for anything else. */
export async function fetchText(url: string, maxBytes = MAX_SOURCE_FILE_BYTES): Promise<string | undefined> {
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch((error: unknown) => {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new Error(`GET ${url} failed: ${cause}.`);
  });
  if (response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`GET ${url} answered ${response.status} ${response.statusText}.`);
  }
  return (await readCappedBody(response, url, maxBytes)).toString('utf8');
}

export async function mapLimited<T, R>(items: T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}
