// Child process of `npm run bench:mix`: a raw node:http server answering each request of the mix with the very
// answer (status, headers, body as sent) the service gave it in the first round: the baseline, what the load
// generator and the machine allow. Reads <captures>.json (the index) and <captures>.bin (the bodies); reports its
// origin as JSON on stdout.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { replayKey } from './mix-load.js';

export interface CaptureIndexEntry {
  key: string;
  status: number;
  headers: Record<string, string>;
  offset: number;
  length: number;
}

const file = process.argv[2]!;
const index = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as CaptureIndexEntry[];
const bodies = readFileSync(`${file}.bin`);
const answers = new Map(
  index.map((entry) => [entry.key, { ...entry, body: bodies.subarray(entry.offset, entry.offset + entry.length) }]),
);

const server = createServer((req, res) => {
  req.resume();
  const apiKey = req.headers['x-api-key'];
  const answer = answers.get(
    replayKey(
      req.method ?? 'GET',
      req.url ?? '',
      typeof apiKey === 'string' ? apiKey : undefined,
      req.headers['accept-encoding'],
    ),
  );
  if (!answer) {
    res.writeHead(599, { 'content-length': '0' }).end();
    return;
  }
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () =>
  process.stdout.write(JSON.stringify({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }) + '\n'),
);
process.on('SIGTERM', () => process.exit(0));
