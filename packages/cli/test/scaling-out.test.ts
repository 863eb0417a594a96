import { expect } from 'chai';
import { sharedPostgres, sharedRedis } from '@islamic-data/test-fixtures';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { aFreshWindow } from './rate-limit-window.js';

const AYAH = '/api/v1/quran/surahs/2/ayahs/255';
const QIBLA = '/api/v1/qibla?lat=51.5&lng=-0.12';

/** A request to a running server, with the key when given. */
async function call(server: ServerProcess, path: string, key?: string, init: RequestInit = {}) {
  const headers: Record<string, string> = { ...(key ? { 'X-API-Key': key } : {}) };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), body: text ? JSON.parse(text) : null };
}

describe('Two server processes on one PostgreSQL database and one Redis (CONTRACT §17)', function () {
  this.timeout(600_000);
  let env: Record<string, string>;
  let a: ServerProcess;
  let b: ServerProcess;
  const cliJson = async (...args: string[]) => {
    const result = await runCli([...args, '--json'], env);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).to.equal(0);
    return JSON.parse(result.stdout);
  };
  const createKey = (name: string, permissions: string) =>
    cliJson('keys', 'create', '--name', name, '--scopes', '*', '--permissions', permissions) as Promise<{
      id: string;
      key: string;
    }>;

  before(async () => {
    const [postgres, redis] = await Promise.all([sharedPostgres(), sharedRedis()]);
    env = {
      DATABASE_URL: await postgres.createDatabase(),
      REDIS_URL: redis.url,
      RATE_LIMIT_PER_MINUTE: '100',
      LOG_LEVEL: 'info',
      DATABASE_PATH: '/nonexistent/never-used.db',
    };
    // The first start migrates and imports the Quran; the second finds both done.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('serves from PostgreSQL: both log the database without a password, neither a SQLite file', () => {
    for (const server of [a, b]) {
      const listening = server
        .output()
        .split('\n')
        .find((line) => line.includes('"msg":"listening"'));
      expect(JSON.parse(listening!).database).to.equal(env.DATABASE_URL + '');
      expect(server.output()).not.to.contain('never-used.db');
    }
  });

  it('lets exactly 100 requests of a key through across both in a window; the 101st gets 429', async () => {
    const { key } = await createKey('Test counted', 'read');
    // 101 requests take well under a second; start them in a window with ten seconds left at least.
    await aFreshWindow(10_000);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => call(i % 2 === 0 ? a : b, QIBLA, key)));
    expect(responses.map((response) => response.status)).to.deep.equal(Array(100).fill(200));
    for (const server of [a, b]) {
      const refused = await call(server, QIBLA, key);
      expect(refused.status).to.equal(429);
      expect(refused.body.error.code).to.equal('RATE_LIMITED');
    }
  });

  it("shows a PUT made through one instance in the other's next GET, body and ETag", async () => {
    const { key } = await createKey('Test writer', 'read,write');
    const before = await call(b, `${AYAH}?translations=fr`, key);
    expect(before.status).to.equal(200);
    const put = await call(a, `${AYAH}/translations/fr`, key, {
      method: 'PUT',
      body: JSON.stringify({ text: 'Test fr 2:255 through A' }),
    });
    expect(put.status).to.equal(201);
    const [throughA, throughB] = [
      await call(a, `${AYAH}?translations=fr`, key),
      await call(b, `${AYAH}?translations=fr`, key),
    ];
    expect(throughB.body.data.translations).to.deep.equal({ fr: 'Test fr 2:255 through A' });
    expect(throughB.body).to.deep.equal(throughA.body);
    expect(throughB.etag).to.equal(throughA.etag).and.not.equal(before.etag);
  });

  it('rolls the PUT back with the CLI on PostgreSQL, and both instances show the ayah as before', async () => {
    const [entry] = await cliJson('audit', 'list', '--action', 'translation.put', '--limit', '1');
    expect(entry.resource).to.equal('quran/2/255/translations/fr');
    await cliJson('audit', 'rollback', String(entry.id));
    const { key } = await createKey('Test reader', 'read');
    for (const server of [a, b]) {
      const ayah = await call(server, `${AYAH}?translations=fr`, key);
      expect(ayah.body.data.translations).to.deep.equal({});
    }
  });

  it('answers 401 on both instances once the CLI revokes a key', async () => {
    const { id, key } = await createKey('Test revoked', 'read');
    for (const server of [a, b]) expect((await call(server, QIBLA, key)).status).to.equal(200);
    await cliJson('keys', 'revoke', id);
    for (const server of [a, b]) {
      const refused = await call(server, QIBLA, key);
      expect(refused.status).to.equal(401);
      expect(refused.body.error.code).to.equal('INVALID_API_KEY');
    }
  });

  /**
   * Reads on B in a tight loop (several at once, half of them revalidating the answer from before), started the
   * moment `write` returns, while B had been answering the old text from its cache right up to then: every one
   * must carry `text`, none a 304 for the old ETag.
   */
  async function readsAfter(path: string, write: () => Promise<void>, text: string) {
    // 100 requests a minute per key: one key keeps B's cache warm, two read after the write (80 each).
    const [warming, ...readers] = await Promise.all(
      ['Test loop warm', 'Test loop 1', 'Test loop 2'].map((name) => createKey(name, 'read')),
    );
    const old = await call(b, path, warming!.key);
    expect(old.status).to.equal(200);
    let writing = true;
    const warm = (async () => {
      // B keeps answering the old text from its cache while the write is made.
      for (let i = 0; writing && i < 90; i++) await call(b, path, warming!.key);
    })();
    await write();
    writing = false;
    const lane = async (key: string, lane: number) => {
      const seen = [];
      for (let i = 0; i < 40; i++) {
        const headers: Record<string, string> = (lane + i) % 2 === 0 ? { 'If-None-Match': old.etag! } : {};
        const response = await fetch(`${b.url}${path}`, { headers: { 'X-API-Key': key, ...headers } });
        const body = await response.text();
        seen.push({ status: response.status, body: body ? JSON.parse(body) : null });
      }
      return seen;
    };
    const seen = (await Promise.all([0, 1, 2, 3].map((i) => lane(readers[i % 2]!.key, i)))).flat();
    await warm;
    expect(seen).to.have.length(160);
    expect(seen.filter(({ status }) => status !== 200).map(({ status }) => status)).to.deep.equal([]);
    const texts = new Set(seen.map(({ body }) => JSON.stringify(body.data.translations)));
    expect([...texts]).to.deep.equal([JSON.stringify({ es: text })]);
  }

  it('finds no stale 200 or 304 in a tight loop of reads on B started as a PUT on A returns', async () => {
    const { key } = await createKey('Test loop writer', 'read,write');
    const path = `${AYAH}?translations=es`;
    for (const text of ['Test es 2:255 first', 'Test es 2:255 second']) {
      await readsAfter(
        path,
        async () => {
          const put = await call(a, `${AYAH}/translations/es`, key, { method: 'PUT', body: JSON.stringify({ text }) });
          expect(put.status).to.be.oneOf([200, 201]);
        },
        text,
      );
    }
  });

  it('finds no stale answer on B in a tight loop started as a CLI rollback (another process) returns', async () => {
    const [entry] = await cliJson('audit', 'list', '--action', 'translation.put', '--limit', '1');
    expect(entry.resource).to.equal('quran/2/255/translations/es');
    await readsAfter(
      `${AYAH}?translations=es`,
      () => cliJson('audit', 'rollback', String(entry.id)),
      'Test es 2:255 first',
    );
  });

  it('refuses db backup, restore and check on PostgreSQL, naming pg_dump, pg_restore and pg_amcheck', async () => {
    for (const [args, tool] of [
      [['db', 'backup', '/tmp/never-written.db'], 'pg_dump'],
      [['db', 'restore', '/tmp/never-read.db'], 'pg_restore'],
      [['db', 'check'], 'pg_amcheck'],
    ] as const) {
      const result = await runCli([...args], env);
      expect(result.code, args.join(' ')).to.equal(1);
      expect(result.stderr, args.join(' ')).to.contain(tool).and.contain('DATABASE_URL');
    }
    const migrate = await runCli(['db', 'migrate', '--json'], env);
    expect(JSON.parse(migrate.stdout)).to.deep.equal({ database: env.DATABASE_URL, applied: [] });
  });
});
