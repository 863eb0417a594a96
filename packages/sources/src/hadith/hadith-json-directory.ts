import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { validationError, type HadithSourceCollection } from '@islamic-data/core';
import { HADITH_JSON_COLLECTIONS, hadithJsonCatalogueEntry } from './hadith-json-catalogue.js';
import {
  collectionFromBookFile,
  collectionFromChapterFiles,
  parseHadithJsonFile,
  type HadithJsonChapterFile,
} from './hadith-json-format.js';

interface Found {
  chapterFolder?: string;
  bookFile?: string;
}

/** Deep enough for the repository root: root/db/by_chapter/<group>/<slug>. */
const MAX_DEPTH = 5;

/**
 * The collections under a local path, in catalogue order: the path may be the hadith-json
 * root, its db/ folder or any folder below it, a collection's by_chapter folder, or a whole-book
 * file. Folder and file names are hadith-json's (`by_chapter/<group>/<slug>/`,
 * `by_book/<group>/<slug>.json`). Where both layouts hold a collection, by_chapter is read.
 */
export async function* readHadithJsonDirectory(
  from: string,
  only?: readonly string[],
): AsyncGenerator<HadithSourceCollection> {
  const info = await stat(from).catch(() => undefined);
  if (!info) throw new Error(`${from} does not exist.`);
  if (info.isFile()) {
    const collection = await readBookFile(from);
    if (only === undefined || only.includes(collection.info.slug)) yield collection;
    else throw validationError(`${from} holds '${collection.info.slug}', not ${only.join(', ')}.`);
    return;
  }
  const found = new Map<string, Found>();
  await walk(from, 0, found);
  const wanted = HADITH_JSON_COLLECTIONS.map((entry) => entry.slug).filter(
    (slug) => (only ?? [slug]).includes(slug) && found.has(slug),
  );
  const missing = (only ?? []).filter((slug) => !found.has(slug));
  if (missing.length > 0) throw validationError(`${from} holds no hadith-json files of ${missing.join(', ')}.`);
  if (wanted.length === 0) {
    throw validationError(
      `${from} holds no hadith-json collection ` +
        `(db/by_chapter/<group>/<slug>/*.json or db/by_book/<group>/<slug>.json).`,
    );
  }
  for (const slug of wanted) {
    const { chapterFolder, bookFile } = found.get(slug)!;
    yield chapterFolder !== undefined ? await readChapterFolder(chapterFolder) : await readBookFile(bookFile!);
  }
}

async function walk(dir: string, depth: number, found: Map<string, Found>): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  const slug = path.basename(dir);
  if (hadithJsonCatalogueEntry(slug) && entries.some((entry) => entry.isFile() && entry.name.endsWith('.json'))) {
    found.set(slug, { ...found.get(slug), chapterFolder: dir });
    return;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (
      entry.isFile() &&
      entry.name.endsWith('.json') &&
      hadithJsonCatalogueEntry(entry.name.slice(0, -'.json'.length))
    ) {
      const bookSlug = entry.name.slice(0, -'.json'.length);
      if (!found.get(bookSlug)?.bookFile) found.set(bookSlug, { ...found.get(bookSlug), bookFile: full });
    } else if (
      entry.isDirectory() &&
      depth < MAX_DEPTH &&
      !entry.name.startsWith('.') &&
      entry.name !== 'node_modules'
    ) {
      await walk(full, depth + 1, found);
    }
  }
}

async function readChapterFolder(dir: string): Promise<HadithSourceCollection> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  const files: { name: string; file: HadithJsonChapterFile }[] = [];
  for (const name of names) {
    const full = path.join(dir, name);
    const parsed = parseHadithJsonFile({ name: full, text: await readFile(full, 'utf8') });
    if (parsed.kind !== 'chapter') throw validationError(`${full} is a whole-book file inside a by_chapter folder.`);
    files.push(parsed);
  }
  return collectionFromChapterFiles(files);
}

async function readBookFile(file: string): Promise<HadithSourceCollection> {
  const parsed = parseHadithJsonFile({ name: file, text: await readFile(file, 'utf8') });
  if (parsed.kind !== 'book') {
    throw validationError(
      `${file} is one chapter of a collection: point --from at its folder (or at the hadith-json root) instead.`,
    );
  }
  return collectionFromBookFile(parsed);
}
