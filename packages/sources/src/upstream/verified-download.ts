import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { announcedLength } from '../capped-body.js';

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
 * Fetches `url` into `destination` only if its bytes have the expected size and SHA-256, checked while
 * they stream (see streamIfExpected): the destination is either the verified file or untouched.
 * Transient failures are retried up to the policy's bound; a mismatch never is.
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
      await streamIfExpected(url, destination, expected, policy.timeoutMs);
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

async function fetchResponse(url: string, timeoutMs: number): Promise<Response> {
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
  return response;
}

const mismatch = (expected: ExpectedBytes, url: string, got: string) =>
  new DownloadError(
    'mismatch',
    url,
    `${expected.name} does not match the manifest: ` +
      `expected ${expected.size} bytes with SHA-256 ${expected.sha256}, got ${got} from ${url}. It was not stored.`,
  );

/**
 * Streams the body into a temporary file beside the destination, hashing it as it comes, and renames it
 * into place only when its size and SHA-256 are the manifest's. A body announced larger or smaller, or
 * one that goes past the manifest's size, is refused at once: the rest is not read (the connection is
 * closed) and the temporary file removed. Nothing is held in memory but the chunk in hand.
 */
async function streamIfExpected(url: string, destination: string, expected: ExpectedBytes, timeoutMs: number) {
  const response = await fetchResponse(url, timeoutMs);
  const announced = announcedLength(response);
  if (announced !== undefined && announced !== expected.size) {
    await response.body?.cancel().catch(() => undefined);
    throw mismatch(expected, url, `a body announced as ${announced} bytes`);
  }
  await mkdir(path.dirname(destination), { recursive: true });
  const temporary = `${destination}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
  const hash = createHash('sha256');
  let received = 0;
  try {
    const file = await open(temporary, 'wx', 0o644);
    try {
      const body = (response.body ?? []) as AsyncIterable<Uint8Array>;
      try {
        for await (const chunk of body) {
          received += chunk.byteLength;
          if (received > expected.size) throw mismatch(expected, url, `more than ${expected.size} bytes`);
          hash.update(chunk);
          await file.write(chunk);
        }
      } catch (error) {
        if (error instanceof DownloadError) throw error;
        throw new TransientFailure(`the body broke off: ${describeFetchError(error)}`);
      }
    } finally {
      await file.close();
    }
    const sha256 = hash.digest('hex');
    if (sha256 !== expected.sha256 || received !== expected.size)
      throw mismatch(expected, url, `${received} bytes with SHA-256 ${sha256}`);
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
