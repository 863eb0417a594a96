import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `<repoRoot>/../shared/data`, the byte-for-byte upstream copies the raw mirror serves. */
export const RAW_MIRROR_DATA_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/data',
);

/** The pinned repositories of shared/data/README.md: `owner/repo/commit` → the folder holding its copy. */
export const SHARED_DATA_RAW_LAYOUT: Record<string, string> = {
  'ZaheeriOS/QuranTranslations/585ee9bf57a45e072831132b92d5ffb4f76a80e1': 'quran-az',
  'AhmedBaset/hadith-json/70b83d6d21995bb32f8d7271cd75501be5a922a7': 'hadith-json',
  'CheeseWithSauce/HadithsJSONFormat/1ef8f97ac41cd04845081de79529d879966c6fbc': 'hadith-refs',
  'kaisdukes/quranic-corpus-api/17a9062416eccc332111ef3e84f74072d709e187': 'quran-corpus',
  'rizkyfi72id/QuranWeb.ai_REVAMP/4cbfccba9f280097b2caba6a4f0e01d1df282558': 'quran-metadata',
  'whis-23/Quran-ILM/a07839044fad9cea5474f59ba065c77669a003c9': 'quran-text-simple',
};

export interface RawMirrorOptions {
  /** Other bytes for a file, named `<folder>/<path>` (e.g. `quran-az/az.mammadaliyev.xml`). */
  replace?: (file: string) => Uint8Array | undefined;
  /** A status to answer instead, given the URL path and how many times it was requested (1 for the first). */
  failWith?: (urlPath: string, requestNumber: number) => number | undefined;
}

/** An HTTP server of a test on 127.0.0.1; a raw mirror's `url` is the base to give as DATA_MIRROR. */
export interface LoopbackServer {
  url: string;
  /** Every path requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

export type RawMirror = LoopbackServer;

/**
 * Serves shared/data on 127.0.0.1 in the raw.githubusercontent.com layout
 * (`/<owner>/<repo>/<commit>/<path>`), as a stand-in for GitHub in tests.
 */
export function serveRawMirror(options: RawMirrorOptions = {}): Promise<RawMirror> {
  const requests: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    requests.push(urlPath);
    const failure = options.failWith?.(urlPath, requests.filter((seen) => seen === urlPath).length);
    if (failure !== undefined) return void res.writeHead(failure).end();
    const [owner, repo, commit, ...rest] = urlPath.split('/').filter(Boolean);
    const folder = SHARED_DATA_RAW_LAYOUT[`${owner}/${repo}/${commit}`];
    const file = folder === undefined ? undefined : path.join(RAW_MIRROR_DATA_DIR, folder, ...rest);
    const found =
      file?.startsWith(path.join(RAW_MIRROR_DATA_DIR, folder!)) && !rest.includes('..')
        ? await stat(file).catch(() => undefined)
        : undefined;
    if (!found?.isFile()) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404: Not Found');
    const bytes = options.replace?.(`${folder}/${rest.join('/')}`) ?? (await readFile(file!));
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': bytes.length }).end(bytes);
  });
  return listenOnLoopback(server, requests);
}

/** Listens on a free loopback port; `close` also ends kept-alive connections, so a test's teardown never waits. */
export function listenOnLoopback(server: Server, requests: string[]): Promise<LoopbackServer> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A loopback port nothing listens on: a mirror that cannot be reached. */
export async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
