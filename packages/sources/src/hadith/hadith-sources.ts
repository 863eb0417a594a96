import { stat } from 'node:fs/promises';
import path from 'node:path';
import { validationError, type HadithSourceCollection } from '@islamic-data/core';
import { isHttpUrl } from '../byte-source.js';
import { fetchText } from './hadith-json-http.js';
import { readHadithJson } from './hadith-json-reader.js';
import { joinHadithRefs } from './hadith-refs-join.js';
import { readHadithRefs } from './hadith-refs-reader.js';

/** Where the two hadith sources are: hadith-json's texts and (when found) hadith-refs' numbers and grades. */
export interface HadithSourceLocations {
  json: string;
  refs: string | null;
}

/**
 * The locations under `from`: a base laid out like shared/data (`<from>/hadith-json/` holding
 * `db/…`, `<from>/hadith-refs/` holding `Sunnah/…`) gives both; any other `from` is hadith-json
 * alone (its root, db/, a folder below or a by_book file), with the refs only where `refs` names
 * them. Over HTTP the base is recognised by `<from>/hadith-refs/LICENSE`.
 */
export async function hadithSourceLocations(from: string, refs?: string): Promise<HadithSourceLocations> {
  if (isHttpUrl(from)) {
    const base = from.replace(/\/+$/, '');
    if ((await fetchText(`${base}/hadith-refs/LICENSE`)) !== undefined)
      return { json: `${base}/hadith-json`, refs: refs ?? `${base}/hadith-refs` };
    return { json: from, refs: refs ?? null };
  }
  const isDir = async (dir: string) => (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
  if (await isDir(path.join(from, 'hadith-json'))) {
    const found = path.join(from, 'hadith-refs');
    return { json: path.join(from, 'hadith-json'), refs: refs ?? ((await isDir(found)) ? found : null) };
  }
  return { json: from, refs: refs ?? null };
}

/**
 * Each collection of hadith-json (in catalogue order, one at a time), joined with its standard
 * numbers and grades where the refs are known; without them it is numbered by position.
 */
export async function* readHadithSources(
  locations: HadithSourceLocations,
  only?: readonly string[],
): AsyncGenerator<HadithSourceCollection> {
  for await (const collection of readHadithJson(locations.json, only)) {
    if (locations.refs === null) {
      yield collection;
      continue;
    }
    const records = await readHadithRefs(locations.refs, collection.info.slug);
    if (!records)
      throw validationError(`${locations.refs} holds no hadith-refs files of '${collection.info.slug}' (Sunnah/…).`);
    yield joinHadithRefs(collection, records);
  }
}
