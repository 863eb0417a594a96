import type { HttpApp } from '../src/index.js';
import { createServer, request, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonResponse {
  status: number;
  body: any;
}

export interface ListeningApp {
  /** GET a path below the server root, e.g. `/api/v1/hijri?date=2024-03-11`. */
  get(path: string, headers?: Record<string, string>): Promise<JsonResponse>;
  close(): Promise<void>;
}

/**
 * The app on a loopback port, asked with fetch over kept-alive connections: for suites that make
 * thousands of requests, where supertest's server per request would dominate the run.
 */
export async function listen(app: HttpApp): Promise<ListeningApp> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    async get(path, headers = {}) {
      const response = await fetch(base + path, { headers });
      return { status: response.status, body: await response.json() };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Runs `task` over `items` with at most `concurrency` in flight, keeping the results in order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

/** One GET (or HEAD) of `path` over a real socket to `handler`, as sent: headers and the body's bytes, raw. */
export async function getOnTheWire(
  handler: RequestListener,
  path: string,
  headers: Record<string, string>,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise((resolve, reject) => {
      const port = (server.address() as AddressInfo).port;
      request({ host: '127.0.0.1', port, path, headers, method }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
