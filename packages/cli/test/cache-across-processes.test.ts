import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, runCli, startServerProcess, type ServerProcess } from './cli-process.js';
import { seedSyntheticContent } from './content-seed.js';

const AYAH = '/api/v1/quran/surahs/2/ayahs/10?translations=en,de';

describe('cli: a running server answers from its cache only what no other process has changed', function () {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-cache-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info' };
  let server: ServerProcess;
  let key: string;

  before(async () => {
    await seedSyntheticContent(env.DATABASE_PATH);
    ({ key } = await createKeyWithCli(env, { name: 'Test writer', scopes: 'quran', permissions: 'read,write' }));
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string> = {}) =>
    fetch(`${server.url}${AYAH}`, { headers: { 'X-API-Key': key, ...headers } });

  it('changes the next GET body and ETag after a rollback by the CLI, and answers no stale 304', async () => {
    const put = await fetch(`${server.url}/api/v1/quran/surahs/2/ayahs/10/translations/de`, {
      method: 'PUT',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'Test cross-process 2:10' }),
    });
    expect(put.status).to.equal(201);
    const written = await get();
    const etag = written.headers.get('etag')!;
    expect(((await written.json()) as any).data.translations.de).to.equal('Test cross-process 2:10');
    expect((await get({ 'If-None-Match': etag, 'Cache-Control': 'no-cache' })).status).to.equal(304);

    const listed = await runCli(['audit', 'list', '--resource', 'quran/2/10/translations/de', '--json'], env);
    expect(listed.code, listed.stderr).to.equal(0);
    const [entry] = JSON.parse(listed.stdout) as { id: number }[];
    const rolledBack = await runCli(['audit', 'rollback', String(entry!.id), '--json'], env);
    expect(rolledBack.code, rolledBack.stderr).to.equal(0);

    const after = await get({ 'If-None-Match': etag });
    expect(after.status).to.equal(200);
    expect(after.headers.get('etag')).not.to.equal(etag);
    expect(((await after.json()) as any).data.translations).not.to.have.property('de');
  });
});
