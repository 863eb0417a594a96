import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Why a file could not be fetched: `unreachable` (no answer after every attempt: refused, reset,
 * timed out, 5xx), `missing` (404), `refused` (another HTTP status), `mismatch` (bytes differ from
 * the manifest; never retried, never stored).
 */
export type DownloadFailureKind = 'unreachable' | 'missing' | 'refused' | 'mismatch';

export class DownloadError extends Error {
  constructor(
    readonly kind: DownloadFailureKind,
    readonly url: string,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

export interface ExpectedBytes {
  sha256: string;
  size: number;
  /** How the file is named in messages (its cache path relative to the cache). */
  name: string;
}

export interface RetryPolicy {
  /** Attempts per file, the first included. */
  attempts: number;
  timeoutMs: number;
  /** The wait before the second attempt; it doubles for each further one. */
  backoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { attempts: 3, timeoutMs: 60_000, backoffMs: 500 };

const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

class TransientFailure extends Error {}

/**
 * Fetches `url` into `destination` only if its bytes have the expected size and SHA-256: they are
 * written to a temporary file beside it and renamed into place, so the destination is either the
 * verified file or untouched. Transient failures are retried up to the policy's bound.
 */
export async function downloadVerified(
  url: string,
  destination: string,
  expected: ExpectedBytes,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<void> {
  let lastFailure = '';
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) await sleep(policy.backoffMs * 2 ** (attempt - 2));
    try {
      const bytes = await fetchBytes(url, policy.timeoutMs);
      await storeIfExpected(bytes, destination, expected, url);
      return;
    } catch (error) {
      if (!(error instanceof TransientFailure)) throw error;
      lastFailure = error.message;
    }
  }
  throw new DownloadError(
    'unreachable',
    url,
    `${expected.name}: no answer from ${url} after ${policy.attempts} attempts (${lastFailure}).`,
  );
}

async function fetchBytes(url: string, timeoutMs: number): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new TransientFailure(describeFetchError(error));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    const status = `${response.status} ${response.statusText}`.trim();
    if (TRANSIENT_STATUSES.has(response.status)) throw new TransientFailure(`answered ${status}`);
    throw new DownloadError(response.status === 404 ? 'missing' : 'refused', url, `${url} answered ${status}.`);
  }
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new TransientFailure(`the body broke off: ${describeFetchError(error)}`);
  }
}

async function storeIfExpected(bytes: Uint8Array, destination: string, expected: ExpectedBytes, url: string) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== expected.sha256 || bytes.length !== expected.size) {
    throw new DownloadError(
      'mismatch',
      url,
      `${expected.name} does not match the manifest: ` +
        `expected ${expected.size} bytes with SHA-256 ${expected.sha256}, ` +
        `got ${bytes.length} bytes with SHA-256 ${sha256} from ${url}. It was not stored.`,
    );
  }
  await mkdir(path.dirname(destination), { recursive: true });
  const temporary = `${destination}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function describeFetchError(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
