import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { seedSyntheticContent } from './content-seed.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the end of the response. */
  ms: number;
}

/** Writes `parts` to the server over a bare socket (with `pauseMs` between them) and reads until it closes. */
function rawExchange(url: string, parts: string[], pauseMs = 0): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, ms: Date.now() - started });
    });
    socket.on('connect', async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    });
  });
}

function expectEnvelope(response: RawResponse, status: number, code: string): void {
  expect(response.status, JSON.stringify(response)).to.equal(status);
  expect(response.headers['content-type']).to.match(/^application\/json/);
  expect(response.headers['x-request-id']).to.match(/^[\w-]{8,}$/);
  expect(response.headers['x-content-type-options']).to.equal('nosniff');
  const body = JSON.parse(response.body);
  expect(body).to.have.all.keys('error');
  expect(body.error.code).to.equal(code);
  expect(body.error.message).to.be.a('string').and.not.equal('');
}

describe('cli: serve at the edges of HTTP (slow clients, huge headers, a stale server mark)', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-server-edges-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    LOG_LEVEL: 'info',
    HEADERS_TIMEOUT_SECONDS: '1',
    REQUEST_TIMEOUT_SECONDS: '2',
  };
  let server: ServerProcess;
  let writerKey: string;
  let zombieParent: ReturnType<typeof spawn>;

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH);
    writerKey = (await createKeyWithCli(env, { name: 'Test slow writer', scopes: 'mosques', permissions: 'write' }))
      .key;
    // A server killed with -9 whose pid is still taken: here a zombie (an exited child its parent never reaped).
    zombieParent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombie = await new Promise<string>((resolve) =>
      zombieParent.stdout!.once('data', (chunk: Buffer) => resolve(String(chunk).trim())),
    );
    for (let i = 0; i < 100 && !/\) Z /.test(readFileSync(`/proc/${zombie}/stat`, 'utf8')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    writeFileSync(`${env.DATABASE_PATH}.server-pid`, zombie);
    server = await startServerProcess(env);
  });
  after(async () => {
    zombieParent?.kill('SIGKILL');
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts although <database>.server-pid names a live but zombie pid, and marks the file as its own', () => {
    const mark = JSON.parse(readFileSync(`${env.DATABASE_PATH}.server-pid`, 'utf8'));
    expect(mark.pid).to.equal(server.child.pid);
  });

  it('answers headers over 16 KiB with 431 HEADERS_TOO_LARGE in the envelope, with a request id', async () => {
    const response = await rawExchange(server.url, [
      `GET /api/v1/translations HTTP/1.1\r\nHost: test\r\nX-Test: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]);
    expectEnvelope(response, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers an over-long URL with 431 in the envelope', async () => {
    const response = await rawExchange(server.url, [
      `GET /api/v1/translations?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: test\r\n\r\n`,
    ]);
    expectEnvelope(response, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a client too slow with its headers with 408 REQUEST_TIMEOUT after HEADERS_TIMEOUT_SECONDS', async () => {
    const response = await rawExchange(server.url, ['GET /api/v1/translations HTTP/1.1\r\n', 'Host: test\r\n'], 200);
    expectEnvelope(response, 408, 'REQUEST_TIMEOUT');
    expect(response.ms).to.be.within(900, 4_000);
  });

  it('answers a client too slow with its body with 408 after REQUEST_TIMEOUT_SECONDS', async () => {
    const response = await rawExchange(server.url, [
      'POST /api/v1/mosques HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n' +
        `X-API-Key: ${writerKey}\r\nContent-Length: 100\r\n\r\n{"na`,
    ]);
    expectEnvelope(response, 408, 'REQUEST_TIMEOUT');
    expect(response.ms).to.be.within(1_900, 5_000);
  });

  it('answers a request with an unknown Expect as if it had none (not a bare 417)', async () => {
    const response = await rawExchange(server.url, [
      'GET /api/v1/translations HTTP/1.1\r\nHost: test\r\nExpect: test-expectation\r\nConnection: close\r\n\r\n',
    ]);
    expect(response.status, JSON.stringify(response)).to.equal(200);
    expect(response.headers['x-content-type-options']).to.equal('nosniff');
  });

  it('answers a request that is not HTTP with 400 in the envelope', async () => {
    expectEnvelope(await rawExchange(server.url, ['NOT HTTP AT ALL\r\n\r\n']), 400, 'VALIDATION_ERROR');
  });

  it('answers a request target it cannot parse with 400 in the envelope, and goes on serving', async () => {
    for (const target of ['http://[x/health', 'http://[x/api/v1/translations?key=secret-looking']) {
      const response = await rawExchange(server.url, [
        `GET ${target} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n`,
      ]);
      expectEnvelope(response, 400, 'VALIDATION_ERROR');
    }
    expect((await fetch(`${server.url}/health`)).status).to.equal(200);
    await server.logsWritten();
    expect(server.output()).not.to.contain('secret-looking');
  });

  it('logged each refusal with its request id and reason, and no header', async () => {
    const refusals = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('request refused before routing'))
        .map((line) => JSON.parse(line));
    const refusedStatuses = () => refusals().map((line) => line.status);
    // The server's log reaches this process through a pipe: give the last line a moment to arrive.
    const deadline = Date.now() + 5_000;
    while (!refusedStatuses().includes(400) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(refusedStatuses().sort()).to.include.members([400, 408, 431]);
    for (const line of refusals()) expect(line.requestId, JSON.stringify(line)).to.be.a('string').that.is.not.empty;
    await server.logsWritten();
    expect(server.output()).not.to.contain('aaaaaaaaaa');
  });
});
