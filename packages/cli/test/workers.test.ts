import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, logLines, startServerProcess, waitUntil, type ServerProcess } from './cli-process.js';
import { aFreshWindow } from './rate-limit-window.js';

const AYAH = '/api/v1/quran/surahs/2/ayahs/255';
const QIBLA = '/api/v1/qibla?lat=51.5&lng=-0.12';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WORKERS=2: two server processes on one port over one SQLite file (CONTRACT §17)', function () {
  this.timeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-workers-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    WORKERS: '2',
    WARM_UP_MS: '1000',
    RATE_LIMIT_PER_MINUTE: '100',
    LOG_LEVEL: 'info',
    // Named by the operator: kept. MALLOC_MMAP_THRESHOLD_ is not: the server's default is given.
    MALLOC_ARENA_MAX: '3',
    MALLOC_MMAP_THRESHOLD_: '',
  };
  let server: ServerProcess;
  const createKey = (name: string, permissions: string) => createKeyWithCli(env, { name, scopes: '*', permissions });
  const call = async (urlPath: string, key: string, init: RequestInit = {}) => {
    const headers: Record<string, string> = { 'X-API-Key': key };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${server.url}${urlPath}`, { ...init, headers });
    return { status: response.status, etag: response.headers.get('etag'), body: (await response.json()) as any };
  };

  before(async () => {
    server = await startServerProcess(env);
    const deadline = Date.now() + 60_000;
    while (logLines(server).filter((line) => line.msg === 'listening').length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
  });
  after(async () => {
    if (server.child.exitCode === null) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts two workers on one port, each its own process', () => {
    const listening = logLines(server).filter((line) => line.msg === 'listening');
    expect(listening).to.have.length(2);
    expect(new Set(listening.map((line) => line.pid)).size).to.equal(2);
    expect(listening.map((line) => (line as { url?: string }).url)).to.deep.equal([server.url, server.url]);
  });

  it('warms each worker up on a loopback port of its own: no worker is sent the other worker requests', () => {
    const warmed = logLines(server).filter((line) => line.msg === 'warmed up') as {
      pid?: number;
      requests?: number;
      statuses?: Record<string, number>;
    }[];
    expect(new Set(warmed.map((line) => line.pid)).size).to.equal(2);
    for (const { requests, statuses } of warmed) {
      expect(requests).to.be.above(0);
      // The other worker does not know this one's warm-up key: its answers would be 401s.
      const refused = Object.keys(statuses!).filter((status) => /^(401|403|429|5\d\d)$/.test(status));
      expect(refused).to.deep.equal([]);
    }
  });

  it('starts each worker with the memory settings of memory-env.ts, or those the environment names', () => {
    for (const { pid } of logLines(server).filter((line) => line.msg === 'listening')) {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ).to.include.members([
        'MALLOC_ARENA_MAX=3',
        'MALLOC_MMAP_THRESHOLD_=327680',
        'MALLOC_TRIM_THRESHOLD_=1048576',
      ]);
      expect(environ.find((entry) => entry.startsWith('NODE_OPTIONS='))).to.match(
        /^NODE_OPTIONS=--max-semi-space-size=2\b/,
      );
    }
  });

  it('lets exactly 100 requests of a key through across both workers in a window, and refuses the 101st', async () => {
    const { key } = await createKey('Test counted', 'read');
    await aFreshWindow(10_000);
    const statuses = await Promise.all(Array.from({ length: 101 }, () => call(QIBLA, key).then((r) => r.status)));
    expect(statuses.filter((status) => status === 200)).to.have.length(100);
    expect(statuses.filter((status) => status === 429)).to.have.length(1);
    const qiblaLines = () => logLines(server).filter((line) => line.msg === 'request' && line.path === '/api/v1/qibla');
    // Log lines are written asynchronously: wait for the 101.
    await waitUntil(() => qiblaLines().length >= 101, 'the 101 request lines');
    const answeredBy = new Set(qiblaLines().map((line) => line.pid));
    expect(answeredBy.size, 'both workers answered').to.equal(2);
  });

  it('shows a write made through one worker in the next read of every worker', async () => {
    const { key } = await createKey('Test writer', 'read,write');
    const put = await call(`${AYAH}/translations/fr`, key, {
      method: 'PUT',
      body: JSON.stringify({ text: 'Test fr 2:255 through a worker' }),
    });
    expect(put.status).to.equal(201);
    const reads = await Promise.all(Array.from({ length: 10 }, () => call(`${AYAH}?translations=fr`, key)));
    for (const read of reads)
      expect(read.body.data.translations).to.deep.equal({ fr: 'Test fr 2:255 through a worker' });
    expect(new Set(reads.map((read) => read.etag)).size).to.equal(1);
  });

  it('drains both workers on SIGTERM and exits 0, leaving no process behind', async () => {
    const pids = [
      ...new Set(
        logLines(server)
          .filter((line) => line.msg === 'listening')
          .map((line) => line.pid!),
      ),
    ];
    expect(await server.stop()).to.equal(0);
    const stopped = logLines(server).filter((line) => line.msg === 'stopped');
    expect(stopped.map((line) => line.pid).sort()).to.deep.equal([...pids, server.child.pid!].sort());
    for (const pid of pids) expect(alive(pid), `worker ${pid}`).to.equal(false);
  });
});
