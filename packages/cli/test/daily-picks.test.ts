import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, runCli, startServerProcess, type ServerProcess } from './cli-process.js';

/**
 * CONTRACT §21: the ayah of the day is chosen from the date alone. Two servers on two databases
 * imported alike answer the same for a date, and so does a server after a restart.
 */
describe('cli: the ayah of the day is the same from two server processes and after a restart', function () {
  this.timeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-daily-'));
  const envOf = (name: string) => ({ DATABASE_PATH: path.join(dir, name, 'islamic-data.db'), LOG_LEVEL: 'info' });
  const [first, second] = [envOf('first'), envOf('second')];
  const keys: Record<string, string> = {};
  const servers: ServerProcess[] = [];

  before(async () => {
    for (const env of [first, second]) {
      const imported = await runCli(['import', 'all', '--datasets', 'quran'], env);
      expect(imported.code, imported.stderr).to.equal(0);
      ({ key: keys[env.DATABASE_PATH] } = await createKeyWithCli(env, {
        name: 'Test reader',
        scopes: 'quran',
        permissions: 'read',
      }));
    }
  });
  after(async () => {
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(env: typeof first) {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  }

  const dayOf = async (server: ServerProcess, env: typeof first, query: string) => {
    const response = await fetch(`${server.url}/api/v1/quran/ayah-of-the-day?${query}`, {
      headers: { 'X-API-Key': keys[env.DATABASE_PATH]! },
    });
    expect(response.status).to.equal(200);
    return ((await response.json()) as { data: { date: string; ayah: { key: string; text_ar: string } } }).data;
  };

  it('answers every date alike from both servers, and again after the first restarts', async () => {
    const dates = ['2026-03-20', '2026-03-21', '2030-01-01', '1999-12-31', '2026-11-26'];
    let a = await start(first);
    const b = await start(second);
    const before: Record<string, string> = {};
    for (const date of dates) {
      const [fromA, fromB] = [await dayOf(a, first, `date=${date}`), await dayOf(b, second, `date=${date}`)];
      expect(fromA.date).to.equal(date);
      expect(fromA).to.deep.equal(fromB);
      before[date] = fromA.ayah.key;
    }
    // Five dates, one ayah each: not one ayah for every date.
    expect(new Set(Object.values(before)).size).to.be.above(1);
    expect(await a.stop()).to.equal(0);
    a = await start(first);
    for (const date of dates) expect((await dayOf(a, first, `date=${date}`)).ayah.key).to.equal(before[date]);
    const today = await dayOf(a, first, '');
    expect(today).to.deep.equal(await dayOf(b, second, `date=${today.date}`));
  });
});
