// Child process of `npm run bench`: a bare Express 5 route and a raw node:http server, each answering every
// captured request path with the very bytes (status, headers, body) the project sent for it. Reports its
// two origins as JSON on stdout.
import express from 'express';
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedResponse {
  path: string;
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

const captures = (JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as CapturedResponse[]).map((capture) => ({
  ...capture,
  bytes: Buffer.from(capture.body, 'base64'),
}));
const byUrl = new Map(captures.map((capture) => [capture.path, capture]));

const listen = (handler: RequestListener) =>
  new Promise<string>((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });

const bare = express();
bare.disable('x-powered-by');
for (const pathname of new Set(captures.map((capture) => new URL(capture.path, 'http://x').pathname))) {
  bare.get(pathname, (req, res) => {
    const capture = byUrl.get(req.originalUrl)!;
    res.status(capture.status).set(capture.headers).send(capture.bytes);
  });
}

const raw = await listen((req, res) => {
  const capture = byUrl.get(req.url ?? '')!;
  res.writeHead(capture.status, capture.headers).end(capture.bytes);
});
process.stdout.write(JSON.stringify({ bare: await listen(bare), raw }) + '\n');
process.on('SIGTERM', () => process.exit(0));
