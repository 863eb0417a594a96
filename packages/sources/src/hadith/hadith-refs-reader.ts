import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { validationError } from '@islamic-data/core';
import { isHttpUrl } from '../byte-source.js';
import { fetchText, mapLimited } from './hadith-json-http.js';
import { HADITH_REFS_FILES } from './hadith-refs-files.js';
import { HADITH_REFS_PLACES, parseHadithRefsFile, refsFileOrder, type HadithRefsRecord } from './hadith-refs-format.js';

/**
 * The records of one collection in sunnah.com's order, from the root of a HadithsJSONFormat copy
 * (the folder or base URL holding `Sunnah/`); undefined when the root has none of the collection.
 * Over HTTP the file names come from HADITH_REFS_FILES, since a folder cannot be listed.
 */
export async function readHadithRefs(root: string, slug: string): Promise<HadithRefsRecord[] | undefined> {
  const place = HADITH_REFS_PLACES[slug];
  if (!place) throw validationError(`'${slug}' is not a collection of hadith-refs.`);
  const names = place.file !== undefined ? [place.file] : await listFiles(root, place.folder);
  if (names === undefined || names.length === 0) return undefined;
  const ordered = [...names].sort((a, b) => refsFileOrder(a) - refsFileOrder(b) || a.localeCompare(b));
  const locations = ordered.map((name) => within(root, `Sunnah/${place.folder}/${name}`));
  const texts = await mapLimited(locations, readText);
  if (texts[0] === undefined) return undefined;
  const missing = locations.find((_, index) => texts[index] === undefined);
  if (missing !== undefined) throw validationError(`${missing} is missing from the hadith-refs files.`);
  return locations.flatMap((location, index) => parseHadithRefsFile(location, texts[index]!));
}

async function listFiles(root: string, folder: string): Promise<string[] | undefined> {
  if (isHttpUrl(root)) return [...(HADITH_REFS_FILES[folder] ?? [])];
  const dir = path.join(root, 'Sunnah', folder);
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) return undefined;
  return (await readdir(dir)).filter((name) => name.endsWith('.json'));
}

const within = (root: string, relative: string) =>
  isHttpUrl(root) ? `${root.replace(/\/+$/, '')}/${relative}` : path.join(root, ...relative.split('/'));

async function readText(location: string): Promise<string | undefined> {
  if (isHttpUrl(location)) return fetchText(location);
  return readFile(location, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
