import { hashApiKey } from '@islamic-data/core';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';

describe('cli: keys against a running server on the same DATABASE_PATH', function () {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-cli-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db'), LOG_LEVEL: 'info' };
  const cliOutput: string[] = [];
  let server: ServerProcess;
  let key: string;
  let keyId: string;

  const cli = async (...args: string[]) => {
    const result = await runCli(args, env);
    cliOutput.push(result.stdout, result.stderr);
    return result;
  };
  const qibla = (apiKey: string) =>
    fetch(`${server.url}/api/v1/qibla?lat=40.7128&lng=-74.0060`, { headers: { 'X-API-Key': apiKey } });

  before(async () => {
    const created = await cli(
      'keys',
      'create',
      '--name',
      'Test app',
      '--scopes',
      'qibla,hijri',
      '--permissions',
      'read',
      '--json',
    );
    expect(created.code, created.stderr).to.equal(0);
    ({ key, id: keyId } = JSON.parse(created.stdout));
    server = await startServerProcess(env);
  });
  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('printed a key of the contract format once, with its id', () => {
    expect(key).to.match(/^idk_[0-9A-Za-z]{32}$/);
    expect(keyId).to.match(/^key_[0-9A-Za-z]{12}$/);
  });

  it('stored only the SHA-256 of the key', () => {
    const db = new BetterSqlite3(env.DATABASE_PATH, { readonly: true });
    try {
      const dump = JSON.stringify(db.prepare('select * from api_keys').all());
      expect(dump).not.to.contain(key);
      expect(dump).to.contain(hashApiKey(key));
    } finally {
      db.close();
    }
  });

  it('lets the server accept the key', async () => {
    const response = await qibla(key);
    expect(response.status).to.equal(200);
    expect(((await response.json()) as { data: { bearing: number } }).data.bearing).to.be.closeTo(58.48, 0.1);
  });

  it('lists the key without the key or its hash', async () => {
    const listed = await cli('keys', 'list', '--json');
    expect(listed.code).to.equal(0);
    const keys = JSON.parse(listed.stdout) as Record<string, unknown>[];
    expect(keys.map((k) => k.id)).to.include(keyId);
    expect(listed.stdout).not.to.contain(key);
    expect(listed.stdout).not.to.contain(hashApiKey(key));
    expect(Object.keys(keys[0]!)).not.to.include.members(['hash', 'key', 'keyHash']);
  });

  it('makes the next request get 401 after keys revoke', async () => {
    const revoked = await cli('keys', 'revoke', keyId, '--json');
    expect(revoked.code, revoked.stderr).to.equal(0);
    expect(JSON.parse(revoked.stdout).revokedAt).to.be.a('string');
    const response = await qibla(key);
    expect(response.status).to.equal(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).to.equal('INVALID_API_KEY');
  });

  it('fails with a message on stderr and exit 1 for bad input', async () => {
    const bad = await cli('keys', 'create', '--name', 'x', '--scopes', 'nope', '--permissions', 'read');
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.contain("'nope'");
    const unknown = await cli('keys', 'revoke', 'key_doesnotexist');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('key_doesnotexist');
  });

  it('backs up the live database to a copy that passes integrity_check', async () => {
    const backup = await cli('db', 'backup', path.join(dir, 'backup.db'), '--json');
    expect(backup.code, backup.stderr).to.equal(0);
    expect(JSON.parse(backup.stdout).integrity).to.equal('ok');
  });

  it('reports the schema up to date on db migrate', async () => {
    const migrated = await cli('db', 'migrate', '--json');
    expect(migrated.code).to.equal(0);
    expect(JSON.parse(migrated.stdout).applied).to.deep.equal([]);
  });

  it('stops cleanly on SIGTERM, leaving a database that passes integrity_check, and logged no key', async () => {
    expect(await server.stop()).to.equal(0);
    expect(server.output()).to.contain('"msg":"stopped"');
    expect(server.output()).not.to.contain(key);
    expect(server.output()).not.to.contain('idk_');
    expect(server.output()).not.to.contain(hashApiKey(key));
    const check = await cli('db', 'check', '--json');
    expect(JSON.parse(check.stdout).integrity).to.equal('ok');
  });
});
