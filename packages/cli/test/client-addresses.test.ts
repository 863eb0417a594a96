import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from './cli-process.js';
import { aFreshWindow } from './rate-limit-window.js';

/**
 * Issue 26, point 3, on a real server: TRUST_PROXY=true is refused at start; behind trusted proxies the client is
 * the address the nearest trusted proxy saw, whatever a client writes to the left of it; IPv6 clients are
 * counted by /64.
 */
describe('cli: the per-address limit behind proxies and over IPv6', function () {
  this.timeout(90_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-addresses-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '3' };
  const servers: ServerProcess[] = [];
  after(async () => {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Keyless requests are counted per client address (and answered 401 until the limit, then 429). */
  const statusFrom = async (server: ServerProcess, forwardedFor: string) =>
    (await fetch(`${server.url}/api/v1/qibla?lat=1&lng=1`, { headers: { 'X-Forwarded-For': forwardedFor } })).status;

  it('refuses to start with TRUST_PROXY=true, saying why and what to set instead', async () => {
    const refused = await startServerProcess({ ...env, TRUST_PROXY: 'true' }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).to.contain('TRUST_PROXY=true would let any client choose the address');
    expect(refused).to.contain('number of proxies');
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', async () => {
    const refused = await startServerProcess({ ...env, TRUST_PROXY: '10.0.0.1,proxy.example' }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(refused).to.contain("'proxy.example' is none of those");
  });

  it('with a hop count, counts the address the proxy saw, whatever the client wrote before it', async () => {
    const server = await startServerProcess({ ...env, TRUST_PROXY: '1' });
    servers.push(server);
    const statuses = [];
    await aFreshWindow(5_000);
    for (let i = 0; i < 5; i++) statuses.push(await statusFrom(server, `198.51.100.${i}, 203.0.113.5`));
    expect(statuses).to.deep.equal([401, 401, 401, 429, 429]);
    expect(await statusFrom(server, '203.0.113.6')).to.equal(401);
    await server.stop();
  });

  it('with the proxies\u2019 addresses, counts every address of an IPv6 /64 as one client', async () => {
    const server = await startServerProcess({ ...env, TRUST_PROXY: '127.0.0.1/8,::1' });
    servers.push(server);
    const statuses = [];
    await aFreshWindow(5_000);
    for (let i = 1; i <= 5; i++) statuses.push(await statusFrom(server, `2001:db8:aa:bb::${i.toString(16)}`));
    expect(statuses).to.deep.equal([401, 401, 401, 429, 429]);
    expect(await statusFrom(server, '2001:db8:aa:bb:ffff:1:2:3'), 'the same /64').to.equal(429);
    expect(await statusFrom(server, '2001:db8:aa:bc::1'), 'the next /64').to.equal(401);
  });
});
