import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { SEEDED_COLLECTION, seedSyntheticContent } from './content-seed.js';

const HADITHS = 4_000;
/** Long texts make the collection's download some 14 MB: more than the sockets' buffers hold. */
const LONG_TEXT = (number: number) => `Test hadith ${number} (Arabic) `.repeat(150);
const INACTIVITY_SECONDS = 2;
const MAX_CONNECTIONS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw TCP connection to the server, whose reading the test controls. */
function open(server: ServerProcess): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes it (or `ms` pass). */
function readAll(socket: Socket, ms: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    const done = () => resolve(Buffer.concat(chunks));
    const timer = setTimeout(done, ms);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('close', () => (clearTimeout(timer), done()));
    socket.once('error', () => undefined);
    socket.resume();
  });
}

/**
 * Issue 26, point 8, on a real server: a client that stops reading a large response is dropped after
 * INACTIVITY_TIMEOUT_SECONDS, and one address cannot hold more than MAX_CONNECTIONS_PER_ADDRESS connections.
 */
describe('cli: slow readers and many connections from one address', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-slow-clients-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '1000000',
    INACTIVITY_TIMEOUT_SECONDS: String(INACTIVITY_SECONDS),
    MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS),
  };
  const download = `/api/v1/translations/hadith/${SEEDED_COLLECTION}/ar`;
  let server: ServerProcess;
  let key: string;
  const sockets: Socket[] = [];

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH, { hadiths: HADITHS, textAr: LONG_TEXT });
    ({ key } = await createKeyWithCli(env, { name: 'Test reader', scopes: 'hadith', permissions: 'read' }));
    server = await startServerProcess(env);
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const requestText = (target: string) =>
    `GET ${target} HTTP/1.1\r\nHost: test\r\nX-API-Key: ${key}\r\nAccept-Encoding: identity\r\n\r\n`;

  it('sends the whole large body to a client that reads it', async () => {
    const response = await fetch(`${server.url}${download}`, {
      headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity' },
    });
    expect(response.status).to.equal(200);
    const length = Number(response.headers.get('content-length'));
    expect(length, 'larger than the sockets buffer').to.be.greaterThan(8_000_000);
    expect((await response.arrayBuffer()).byteLength).to.equal(length);
  });

  it(`drops a client that stops reading the body for more than ${INACTIVITY_SECONDS} s`, async () => {
    const socket = await open(server);
    sockets.push(socket);
    socket.write(requestText(download));
    const first: Buffer = await new Promise((resolve) => socket.once('data', resolve));
    socket.pause();
    const head = first.toString('latin1');
    expect(head).to.match(/^HTTP\/1\.1 200/);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    await sleep((INACTIVITY_SECONDS + 4) * 1000);
    // Reading again now gets what the buffers held, then the end: the server gave up on the rest.
    const rest = await readAll(socket, 20_000);
    const bodyReceived = first.length - head.indexOf('\r\n\r\n') - 4 + rest.length;
    expect(socket.destroyed || socket.readableEnded, 'closed by the server').to.equal(true);
    expect(bodyReceived).to.be.below(length);
  });

  it(`answers a connection past ${MAX_CONNECTIONS} from one address with 429, one more once one closes`, async () => {
    for (let i = 0; i < MAX_CONNECTIONS; i++) sockets.push(await open(server));
    const extra = await open(server);
    sockets.push(extra);
    extra.write(requestText('/health'));
    const refused = (await readAll(extra, 5_000)).toString();
    expect(refused).to.match(/^HTTP\/1\.1 429/);
    expect(refused).to.contain('"code":"RATE_LIMITED"').and.contain(`at most ${MAX_CONNECTIONS} at once`);
    expect(refused).to.match(/retry-after: 1/i);

    sockets.shift()!.destroy();
    // The server counts the connection out once it sees it closed, a moment later: ask until it has (well before
    // the others' INACTIVITY_SECONDS would close them too).
    let answer = '';
    for (let attempt = 0; attempt < 8 && !answer.startsWith('HTTP/1.1 200'); attempt++) {
      await sleep(100);
      const again = await open(server);
      sockets.push(again);
      again.write(requestText('/health').replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
      answer = (await readAll(again, 5_000)).toString();
    }
    expect(answer).to.match(/^HTTP\/1\.1 200/);
  });
});
