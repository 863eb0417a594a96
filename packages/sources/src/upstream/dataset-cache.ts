import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  cachedFilePath,
  rawFileUrl,
  repositoryOf,
  type UpstreamDataset,
  type UpstreamFile,
  type UpstreamManifest,
} from './upstream-manifest.js';
import { DEFAULT_RETRY_POLICY, DownloadError, downloadVerified, type RetryPolicy } from './verified-download.js';

export interface DatasetFetchOptions {
  cacheDir: string;
  /** The raw base (https://raw.githubusercontent.com or DATA_MIRROR). */
  rawBase: string;
  retry?: RetryPolicy;
  concurrency?: number;
  /** Bytes fetched so far of the bytes this dataset needs fetched. */
  onProgress?: (fetchedBytes: number, totalBytes: number) => void;
  /** Set once a fetch found the raw base unreachable: later datasets do not wait on it again. */
  reachability?: { unreachable: string | null };
}

export interface DatasetFetchReport {
  dataset: string;
  files: number;
  /** Files already in the cache with the manifest's bytes. */
  cached: number;
  fetched: number;
  fetchedBytes: number;
  /** Files in the dataset's folders that the manifest does not list, removed. */
  pruned: number;
}

/** A dataset that cannot be imported: some of its files are neither in the cache nor fetchable. */
export class DatasetUnavailable extends Error {
  constructor(
    readonly dataset: string,
    readonly failures: DownloadError[],
    message: string,
  ) {
    super(message);
    this.name = 'DatasetUnavailable';
  }
}

/**
 * Makes the cache hold every file of a dataset with the manifest's bytes: files already there
 * and matching are kept, the rest are fetched and verified. Throws DatasetUnavailable naming
 * what is still missing; a file is in the cache only once verified.
 */
export async function fetchDataset(
  manifest: UpstreamManifest,
  dataset: UpstreamDataset,
  options: DatasetFetchOptions,
): Promise<DatasetFetchReport> {
  const stale: UpstreamFile[] = [];
  for (const file of dataset.files) {
    if (!(await isCached(options.cacheDir, file))) stale.push(file);
  }
  const report = {
    dataset: dataset.name,
    files: dataset.files.length,
    cached: dataset.files.length - stale.length,
    fetched: 0,
    fetchedBytes: 0,
    pruned: 0,
  };
  if (stale.length === 0) return { ...report, pruned: await pruneStrays(manifest, dataset, options.cacheDir) };
  const reachability = options.reachability ?? { unreachable: null };
  if (reachability.unreachable !== null) {
    throw new DatasetUnavailable(
      dataset.name,
      [],
      `${dataset.name}: ${stale.length} of ${dataset.files.length} files are not in the cache ` +
        `and ${reachability.unreachable}.`,
    );
  }
  const totalBytes = stale.reduce((sum, file) => sum + file.size, 0);
  const failures: DownloadError[] = [];
  options.onProgress?.(0, totalBytes);
  await forEachLimited(stale, options.concurrency ?? 8, async (file) => {
    if (reachability.unreachable !== null || failures.some((failure) => failure.kind === 'mismatch')) return;
    const url = rawFileUrl(options.rawBase, repositoryOf(manifest, file), file.path);
    try {
      await downloadVerified(
        url,
        cachedFilePath(options.cacheDir, file),
        { ...file, name: path.posix.join(file.folder, file.path) },
        options.retry ?? DEFAULT_RETRY_POLICY,
      );
      report.fetched++;
      report.fetchedBytes += file.size;
      options.onProgress?.(report.fetchedBytes, totalBytes);
    } catch (error) {
      if (!(error instanceof DownloadError)) throw error;
      failures.push(error);
      if (error.kind === 'unreachable') reachability.unreachable = `${options.rawBase} is unreachable`;
    }
  });
  const missing = stale.length - report.fetched;
  if (missing > 0) {
    const shown = failures.slice(0, 3).map((failure) => failure.message);
    throw new DatasetUnavailable(
      dataset.name,
      failures,
      `${dataset.name}: ${missing} of ${dataset.files.length} files could not be fetched` +
        (shown.length > 0 ? `: ${shown.join(' ')}` : '.') +
        (failures.length > shown.length ? ` (and ${failures.length - shown.length} more)` : ''),
    );
  }
  return { ...report, pruned: await pruneStrays(manifest, dataset, options.cacheDir) };
}

/**
 * Removes files beside a dataset's files that no dataset of the manifest lists (left by an older
 * manifest), so that a reader of a whole folder (hadith-json's chapter files) sees only pinned
 * files. Only files with the extension of a pinned file in that folder are touched.
 */
async function pruneStrays(manifest: UpstreamManifest, dataset: UpstreamDataset, cacheDir: string): Promise<number> {
  const pinned = new Set(
    manifest.datasets.flatMap((candidate) => candidate.files.map((file) => cachedFilePath(cacheDir, file))),
  );
  const extensionsByFolder = new Map<string, Set<string>>();
  for (const file of dataset.files) {
    const location = cachedFilePath(cacheDir, file);
    const folder = path.dirname(location);
    extensionsByFolder.set(folder, (extensionsByFolder.get(folder) ?? new Set()).add(path.extname(location)));
  }
  let pruned = 0;
  for (const [folder, extensions] of extensionsByFolder) {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const location = path.join(folder, entry.name);
      if (!entry.isFile() || pinned.has(location) || !extensions.has(path.extname(entry.name))) continue;
      await rm(location, { force: true });
      pruned++;
    }
  }
  return pruned;
}

/** The file is in the cache with the manifest's size and SHA-256. */
async function isCached(cacheDir: string, file: UpstreamFile): Promise<boolean> {
  const location = cachedFilePath(cacheDir, file);
  const info = await stat(location).catch(() => undefined);
  if (!info?.isFile() || info.size !== file.size) return false;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(location)) hash.update(chunk as Buffer);
  return hash.digest('hex') === file.sha256;
}

async function forEachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
