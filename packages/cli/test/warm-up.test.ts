import { apiRoutes, CAPTURED_EXAMPLES, operationIdOf } from '@islamic-data/http-express';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { composeServices } from '../src/composition-root.js';
import { varied, warmUp, warmUpOrGoOn, warmUpPaths } from '../src/warm-up.js';
import {
  createKeyWithCli,
  logLines,
  parseLogLines,
  runCli,
  startServerProcess,
  type ServerProcess,
} from './cli-process.js';
import { seedSyntheticContent } from './content-seed.js';

describe('serve: the warm-up before listening (WARM_UP_MS)', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-warm-up-'));
  const env = {
    DATABASE_PATH: path.join(dir, 'islamic-data.db'),
    LOG_LEVEL: 'info',
    METRICS_PORT: '0',
    WARM_UP_MS: '1500',
  };
  let server: ServerProcess;
  let key: string;
  let auditBefore: string;
  let keysBefore: string;

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH);
    key = (await createKeyWithCli(env, { name: 'Warm-up reader', scopes: '*', permissions: 'read' })).key;
    auditBefore = (await runCli(['audit', 'list', '--json'], env)).stdout;
    keysBefore = (await runCli(['keys', 'list', '--json'], env)).stdout;
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers its own examples before it listens, and logs how many, not each', () => {
    const lines = logLines(server);
    const warmed = lines.findIndex((line) => line.msg === 'warmed up');
    const listening = lines.findIndex((line) => line.msg === 'listening');
    expect(warmed, server.output()).to.be.within(0, listening - 1);
    expect(lines[warmed]!.requests).to.be.a('number').above(0);
    // Its own key is taken everywhere, no limit refuses it and nothing fails (what the synthetic content lacks is a
    // 404, or a 400 naming a translation it does not have).
    const statuses = Object.keys(lines[warmed]!.statuses as object).map(Number);
    expect(statuses).to.include(200);
    expect(statuses.filter((status) => [401, 403, 429].includes(status) || status >= 500)).to.deep.equal([]);
    expect(lines[warmed]!.ms).to.be.a('number').at.least(1500);
    expect(lines.slice(0, listening).filter((line) => 'path' in line)).to.deep.equal([]);
  });

  it('leaves no trace: no key stored or used, no audit entry, nothing counted or cached by the server', async () => {
    expect((await runCli(['keys', 'list', '--json'], env)).stdout).to.equal(keysBefore);
    expect((await runCli(['audit', 'list', '--json'], env)).stdout).to.equal(auditBefore);
    const metricsUrl = logLines(server).find((line) => line.msg === 'metrics listening')!.url as string;
    expect(await (await fetch(metricsUrl)).text()).not.to.contain('islamic_data_http_requests_total{');

    const response = await fetch(`${server.url}/api/v1/qibla?lat=40.7128&lng=-74.0060`, {
      headers: { 'X-API-Key': key },
    });
    expect(response.status).to.equal(200);
    await response.arrayBuffer();
    // The warm-up asked Qibla (this URL's documented example, at places near it) many times, through an app and a
    // cache of its own.
    const metrics = await (await fetch(metricsUrl)).text();
    expect(metrics).to.match(/islamic_data_cache_requests_total\{[^}]*result="miss"[^}]*\} 1/);
    expect(metrics).not.to.match(/islamic_data_cache_requests_total\{[^}]*result="hit"/);
  });
});

describe('warm-up: what it asks', () => {
  it('is the documented example of every GET operation but the whole downloads, each a path the server reads', () => {
    const gets = apiRoutes.filter((route) => route.method === 'get' && !route.builtAlone);
    const paths = warmUpPaths();
    expect(paths).to.have.length(gets.length);
    for (const route of gets) expect(CAPTURED_EXAMPLES[operationIdOf(route)], operationIdOf(route)).to.exist;
    for (const each of paths) expect(each).to.match(/^\/[\x21-\x7e]+$/);
    expect(paths.some((each) => each.includes('/translations/quran/') && !/\/\d+$/.test(each))).to.equal(false);
  });

  it('asks each time for a place and a date of its own, the rest of the path as documented', () => {
    const example = '/api/v1/prayer-times?lat=41.0082&lng=28.9784&date=2026-03-20&method=turkey';
    const asked = Array.from({ length: 200 }, () => new URL(varied(example), 'http://localhost'));
    for (const url of asked) {
      expect(url.pathname).to.equal('/api/v1/prayer-times');
      expect([...url.searchParams.keys()]).to.deep.equal(['lat', 'lng', 'date', 'method']);
      expect(Number(url.searchParams.get('lat'))).to.be.closeTo(41.0082, 0.5);
      expect(Number(url.searchParams.get('lng'))).to.be.closeTo(28.9784, 0.5);
      expect(url.searchParams.get('date')).to.match(/^2026-\d{2}-\d{2}$/);
      expect(url.searchParams.get('method')).to.equal('turkey');
    }
    expect(new Set(asked.map((url) => url.searchParams.get('date'))).size).to.be.above(50);
    expect(new Set(asked.map((url) => url.searchParams.get('lat'))).size).to.be.above(100);
    for (const path of [
      '/api/v1/quran/surahs/1/ayahs/1?translations=en,ru',
      '/api/v1/hadith/search?q=%22each%20man%22',
    ])
      expect(varied(path)).to.equal(path);
  });

  it('takes WARM_UP_MS from 0 (off) to 60000, 1500 by default, and refuses anything else by name', () => {
    expect(loadConfig({}).warmUpMs).to.equal(1500);
    expect(loadConfig({ WARM_UP_MS: '0' }).warmUpMs).to.equal(0);
    for (const value of ['-1', 'soon', '60001', '1.5'])
      expect(() => loadConfig({ WARM_UP_MS: value })).to.throw(/^WARM_UP_MS must be an integer from 0 to 60000/);
  });
});

describe('warm-up: one that fails', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-warm-up-fails-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  // 192.0.2.1 (TEST-NET-1) is no address of this machine: its port cannot be opened, as on a host without loopback.
  it('is refused with its reason, and the server goes on without it (a warning, not a failed start)', async () => {
    const logged: string[] = [];
    const logDestination = new Writable({ write: (chunk, _e, done) => done(void logged.push(String(chunk))) });
    const services = await composeServices(loadConfig({ DATABASE_PATH: path.join(dir, 'fails.db') }), {
      logDestination,
      serving: true,
    });
    try {
      const refusal = await warmUp(services, 100, '192.0.2.1').then(
        () => undefined,
        (error: NodeJS.ErrnoException) => error,
      );
      expect(refusal?.code).to.equal('EADDRNOTAVAIL');

      await warmUpOrGoOn(services, 100, '192.0.2.1');
      const lines = parseLogLines(logged.join(''));
      const warning = lines.find((line) => line.msg === 'the warm-up failed; listening without it');
      expect(warning, logged.join('')).to.include({ level: 40 });
      expect((warning!.err as NodeJS.ErrnoException).code).to.equal('EADDRNOTAVAIL');
      expect(lines.filter((line) => line.msg === 'warmed up')).to.deep.equal([]);
    } finally {
      await services.close();
    }
  });
});
