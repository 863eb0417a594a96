import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenOnLoopback, type LoopbackServer } from '../upstream-mirror.js';

/** `<repoRoot>/../shared/data/hadith-json`: the real hadith-json files, read at test time, never copied. */
export const HADITH_JSON_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../shared/data/hadith-json',
);

/** `<repoRoot>/../shared/data`: the base holding hadith-json/ and hadith-refs/ (what `import hadith --from` takes). */
export const SHARED_DATA_DIR = path.dirname(HADITH_JSON_DIR);

/** `<repoRoot>/../shared/data/hadith-refs`: standard numbers and grades (CheeseWithSauce/HadithsJSONFormat). */
export const HADITH_REFS_DIR = path.join(SHARED_DATA_DIR, 'hadith-refs');

export interface HadithJsonCounts {
  records: number;
  chapterFiles: number;
  emptyArabic: number;
  emptyEnglish: number;
  emptyNarrator: number;
}

/** The counts shared/data/README.md measured for each collection (its "Counts" table). */
export const HADITH_JSON_README_COUNTS: Record<string, HadithJsonCounts> = {
  bukhari: { records: 7277, chapterFiles: 97, emptyArabic: 0, emptyEnglish: 1, emptyNarrator: 63 },
  muslim: { records: 7459, chapterFiles: 57, emptyArabic: 0, emptyEnglish: 1, emptyNarrator: 1670 },
  abudawud: { records: 5276, chapterFiles: 43, emptyArabic: 0, emptyEnglish: 0, emptyNarrator: 607 },
  tirmidhi: { records: 4053, chapterFiles: 49, emptyArabic: 0, emptyEnglish: 1, emptyNarrator: 40 },
  nasai: { records: 5768, chapterFiles: 52, emptyArabic: 0, emptyEnglish: 0, emptyNarrator: 135 },
  ibnmajah: { records: 4345, chapterFiles: 38, emptyArabic: 0, emptyEnglish: 0, emptyNarrator: 181 },
  malik: { records: 1985, chapterFiles: 61, emptyArabic: 125, emptyEnglish: 12, emptyNarrator: 1957 },
  nawawi40: { records: 42, chapterFiles: 1, emptyArabic: 0, emptyEnglish: 0, emptyNarrator: 0 },
  qudsi40: { records: 40, chapterFiles: 1, emptyArabic: 0, emptyEnglish: 0, emptyNarrator: 0 },
};

export type StaticServer = LoopbackServer;

/**
 * Serves a folder over HTTP on 127.0.0.1 (GET only, 404 for anything missing or hidden), as a
 * stand-in for raw.githubusercontent.com in import tests.
 */
export function serveDirectory(
  root: string,
  options: { hide?: (urlPath: string) => boolean; failWith?: (urlPath: string) => number | undefined } = {},
): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    requests.push(urlPath);
    const failure = options.failWith?.(urlPath);
    if (failure !== undefined) return void res.writeHead(failure).end();
    const file = path.join(root, urlPath);
    const found =
      file.startsWith(root) && !options.hide?.(urlPath) ? await stat(file).catch(() => undefined) : undefined;
    if (!found?.isFile()) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': found.size });
    createReadStream(file).pipe(res);
  });
  return listenOnLoopback(server, requests);
}
