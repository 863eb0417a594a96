// The load generator of `npm run bench:mix`: node:http keep-alive clients walking one request list. Closed loop: N
// connections share one cursor (each takes the next request when its last one is answered). Fixed rate: request i
// is due at start + i / rate, sent then whatever is outstanding, its latency counted from when it was due (a slow
// server is not excused by the generator waiting for it). Every run is bounded in requests and in time.
import http from 'node:http';
import type { MixRequest } from './mix-generator.js';

/** The key nobody issued (in the keys' own format, so that the answer is a 401, not a 400). */
export const UNKNOWN_KEY = 'idk_BenchMixUnknownKey00000000000000';

export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request as sent: its key (by index) and `Accept-Encoding`. */
export function sentRequest(request: MixRequest, keys: string[]): SentRequest {
  const headers: Record<string, string> = {};
  if (typeof request.key === 'number') headers['x-api-key'] = keys[request.key % keys.length]!;
  else if (request.key === 'unknown') headers['x-api-key'] = UNKNOWN_KEY;
  if (request.compressed) headers['accept-encoding'] = 'gzip, br';
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(request.body));
  }
  return { method: request.method, path: request.path, headers, body: request.body };
}

/** What a captured answer is filed under: the same for every valid key (the answer does not depend on which). */
export function replayKey(method: string, path: string, apiKey: string | undefined, acceptEncoding?: string): string {
  const key = apiKey === undefined ? 'none' : apiKey === UNKNOWN_KEY ? 'unknown' : 'key';
  return `${method} ${path} ${key} ${acceptEncoding ? 'compressed' : 'identity'}`;
}

export interface CapturedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RunResult {
  /** Milliseconds per request (NaN: not answered: an error, a timeout, or not sent before the deadline). */
  latencies: Float64Array;
  statuses: Uint16Array;
  /** The requests that failed (no answer), by their error's code (ECONNRESET, timeout…). */
  errorKinds: Record<string, number>;
  notSent: number;
  bytes: number;
  /** From the first request sent to the last answer. */
  seconds: number;
}

export interface RunOptions {
  origin: string;
  requests: SentRequest[];
  /** Stop sending after this many seconds. */
  maxSeconds: number;
  /** One request's timeout. */
  timeoutMs?: number;
  /** Called with the whole answer (as sent, not decompressed) of the requests for which `wants(i)` is true. */
  capture?: { wants(i: number): boolean; take(i: number, answer: CapturedAnswer): void };
}

const DROPPED_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function send(
  agent: http.Agent,
  url: URL,
  request: SentRequest,
  timeoutMs: number,
  capture: ((answer: CapturedAnswer) => void) | undefined,
): Promise<{ status: number; bytes: number } | { error: string }> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers: request.headers,
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] | undefined = capture ? [] : undefined;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          chunks?.push(chunk);
        });
        res.on('end', () => {
          if (capture && chunks) {
            const body = Buffer.concat(chunks);
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(res.headers))
              if (!DROPPED_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
            headers['content-length'] = String(body.length);
            capture({ status: res.statusCode ?? 0, headers, body });
          }
          resolve({ status: res.statusCode ?? 0, bytes });
        });
        res.on('error', (error) => resolve(failure(error)));
      },
    );
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', (error) => resolve(failure(error)));
    outgoing.end(request.body);
  });
}

const failure = (error: Error & { code?: string }) => ({ error: error.code ?? error.message });

function emptyResult(count: number): RunResult {
  return {
    latencies: new Float64Array(count).fill(Number.NaN),
    statuses: new Uint16Array(count),
    errorKinds: {},
    notSent: 0,
    bytes: 0,
    seconds: 0,
  };
}

function countError(result: RunResult, kind: string): void {
  result.errorKinds[kind] = (result.errorKinds[kind] ?? 0) + 1;
}

/** How many requests failed (no answer), whatever the error. */
export const failedRequests = (result: RunResult): number =>
  Object.values(result.errorKinds).reduce((sum, count) => sum + count, 0);

/** `connections` clients walking `requests` with one shared cursor, until the list or the time is spent. */
export async function closedLoop(options: RunOptions & { connections: number }): Promise<RunResult> {
  const { requests, maxSeconds, timeoutMs = 60_000, capture } = options;
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const result = emptyResult(requests.length);
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  let cursor = 0;
  let lastEnd = started;
  const client = async () => {
    while (cursor < requests.length && performance.now() < deadline) {
      const i = cursor++;
      const sentAt = performance.now();
      const take = capture?.wants(i) ? (answer: CapturedAnswer) => capture.take(i, answer) : undefined;
      const answer = await send(agent, url, requests[i]!, timeoutMs, take);
      lastEnd = performance.now();
      if ('error' in answer) countError(result, answer.error);
      else {
        result.latencies[i] = lastEnd - sentAt;
        result.statuses[i] = answer.status;
        result.bytes += answer.bytes;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  agent.destroy();
  result.notSent = requests.length - cursor;
  result.seconds = (lastEnd - started) / 1000;
  return result;
}

/**
 * Request i is due at start + i / rate; at most `maxOutstanding` are waiting at once (more are late, and their
 * lateness counts in their latency). After the last is sent, waits at most `drainSeconds` for the answers.
 */
export async function fixedRate(
  options: RunOptions & { rate: number; connections: number; maxOutstanding?: number; drainSeconds?: number },
): Promise<RunResult> {
  const { requests, rate, maxSeconds, timeoutMs = 60_000, maxOutstanding = 5_000, drainSeconds = 30 } = options;
  const count = Math.min(requests.length, Math.floor(rate * maxSeconds));
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const result = emptyResult(count);
  const started = performance.now();
  let sent = 0;
  let outstanding = 0;
  let lastEnd = started;
  const pending: Promise<void>[] = [];
  const fire = (i: number) => {
    const due = started + (i * 1000) / rate;
    outstanding++;
    return send(agent, url, requests[i]!, timeoutMs, undefined).then((answer) => {
      outstanding--;
      lastEnd = performance.now();
      if ('error' in answer) countError(result, answer.error);
      else {
        result.latencies[i] = lastEnd - due;
        result.statuses[i] = answer.status;
        result.bytes += answer.bytes;
      }
    });
  };
  // A server that falls behind gets drainSeconds more to catch up, then what is still due is not sent.
  const sendingDeadline = started + (maxSeconds + drainSeconds) * 1000;
  while (sent < count && performance.now() < sendingDeadline) {
    const dueNow = Math.min(count, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    while (sent < dueNow && outstanding < maxOutstanding) pending.push(fire(sent++));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  let waiting: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pending),
    new Promise((resolve) => (waiting = setTimeout(resolve, drainSeconds * 1000))),
  ]);
  clearTimeout(waiting);
  // What is still outstanding now is not answered (NaN): the answers that come as the agent closes do not count.
  const frozen = {
    ...result,
    latencies: result.latencies.slice(),
    statuses: result.statuses.slice(),
    notSent: count - sent,
    seconds: (lastEnd - started) / 1000,
  };
  agent.destroy();
  return frozen;
}

export interface LatencySummary {
  count: number;
  answered: number;
  p50: number;
  p99: number;
  max: number;
  /** Status → count. */
  statuses: Record<string, number>;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** p50, p99 and the statuses of the requests whose index `include` accepts. */
export function summarize(result: RunResult, include: (i: number) => boolean = () => true): LatencySummary {
  const values: number[] = [];
  const statuses: Record<string, number> = {};
  let count = 0;
  for (let i = 0; i < result.latencies.length; i++) {
    if (!include(i)) continue;
    count++;
    const latency = result.latencies[i]!;
    if (Number.isNaN(latency)) continue;
    values.push(latency);
    const status = String(result.statuses[i]);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const sorted = Float64Array.from(values).sort();
  return {
    count,
    answered: values.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    statuses,
  };
}
