import { hashApiKey } from '@islamic-data/core';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli, startServerProcess, type ServerProcess } from './cli-process.js';

describe('cli: operator commands (rotate, audit, restore, help)', function () {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-operator-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db') };
  const printed: string[] = [];
  const cli = async (...args: string[]) => {
    const result = await runCli(args, env);
    printed.push(result.stdout + result.stderr);
    return result;
  };
  const qibla = (server: ServerProcess, key: string) =>
    fetch(`${server.url}/api/v1/qibla?lat=1&lng=1`, { headers: { 'X-API-Key': key } }).then(
      (response) => response.status,
    );
  let server: ServerProcess | undefined;

  after(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rotates a key: same grants, the new key works, the old one gets 401, and neither is printed again', async () => {
    const created = JSON.parse(
      (await cli('keys', 'create', '--name', 'Test rotate', '--scopes', 'qibla', '--permissions', 'read', '--json'))
        .stdout,
    );
    const rotated = await cli('keys', 'rotate', created.id, '--json');
    expect(rotated.code, rotated.stderr).to.equal(0);
    const replacement = JSON.parse(rotated.stdout);
    expect(replacement.key).to.match(/^idk_/).and.not.equal(created.key);
    expect(replacement).to.include({ name: 'Test rotate' });
    expect(replacement.scopes).to.deep.equal(['qibla']);
    expect(replacement.revoked.id).to.equal(created.id);

    server = await startServerProcess(env);
    expect(await qibla(server, replacement.key)).to.equal(200);
    expect(await qibla(server, created.key)).to.equal(401);

    const listed = await cli('keys', 'list', '--json');
    for (const secret of [created.key, replacement.key]) {
      expect(listed.stdout).not.to.contain(secret);
      expect(listed.stdout).not.to.contain(hashApiKey(secret));
    }
    const audit = await cli('audit', 'list', '--json');
    for (const secret of [created.key, replacement.key]) {
      expect(audit.stdout).not.to.contain(secret);
      expect(audit.stdout).not.to.contain(hashApiKey(secret));
    }
    await server.logsWritten();
    expect(server.output()).not.to.contain('idk_');
  });

  it('refuses to rotate a revoked or unknown key', async () => {
    const created = JSON.parse(
      (await cli('keys', 'create', '--name', 'Test', '--scopes', '*', '--permissions', 'read', '--json')).stdout,
    );
    await cli('keys', 'revoke', created.id);
    const again = await cli('keys', 'rotate', created.id);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.contain('already revoked');
    expect((await cli('keys', 'rotate', 'key_unknown00000')).code).to.equal(1);
  });

  it('lists audit entries newest first, filtered, and shows one with a diff', async () => {
    const all = JSON.parse((await cli('audit', 'list', '--json')).stdout) as { id: number; action: string }[];
    expect(all.length).to.be.greaterThan(3);
    expect(all.map((entry) => entry.id)).to.deep.equal([...all.map((entry) => entry.id)].sort((a, b) => b - a));
    const creates = JSON.parse(
      (await cli('audit', 'list', '--action', 'keys.create', '--limit', '2', '--json')).stdout,
    ) as { action: string }[];
    expect(creates).to.have.length(2);
    expect(creates.every((entry) => entry.action === 'keys.create')).to.equal(true);

    const revoke = all.find((entry) => entry.action === 'keys.revoke')!;
    const shown = await cli('audit', 'show', String(revoke.id));
    expect(shown.code).to.equal(0);
    expect(shown.stdout).to.match(/- revokedAt: null/);
    expect(shown.stdout).to.match(/\+ revokedAt: "20/);
  });

  it('refuses bad audit arguments with a message and exit 1', async () => {
    for (const args of [
      ['audit', 'show', 'abc'],
      ['audit', 'show', '999999'],
      ['audit', 'list', '--since', 'yesterday'],
      ['audit', 'rollback'],
    ]) {
      const result = await cli(...args);
      expect(result.code, args.join(' ')).to.equal(1);
      expect(result.stderr).to.match(/^error: /);
    }
  });

  it('refuses to roll back an entry that is not a content write', async () => {
    const [entry] = JSON.parse(
      (await cli('audit', 'list', '--action', 'keys.create', '--limit', '1', '--json')).stdout,
    );
    const result = await cli('audit', 'rollback', String(entry.id));
    expect(result.code).to.equal(1);
    expect(result.stderr).to.contain('cannot be rolled back');
  });

  it('refuses db restore while the server runs, and restores once it is stopped', async () => {
    const backupFile = path.join(dir, 'backup.db');
    expect((await cli('db', 'backup', backupFile)).code).to.equal(0);
    const later = JSON.parse(
      (await cli('keys', 'create', '--name', 'Test after backup', '--scopes', '*', '--permissions', 'read', '--json'))
        .stdout,
    );

    const refused = await cli('db', 'restore', backupFile);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('stop it before restoring');

    await server!.stop();
    server = undefined;
    const restored = await cli('db', 'restore', backupFile, '--json');
    expect(restored.code, restored.stderr).to.equal(0);
    const keys = JSON.parse((await cli('keys', 'list', '--json')).stdout) as { id: string }[];
    expect(keys.map((key) => key.id)).not.to.include(later.id);
    expect(JSON.parse((await cli('db', 'check', '--json')).stdout).integrity).to.equal('ok');
  });

  it(
    'refuses db backup onto the database itself or a directory, ' +
      'and restore from a missing file, with a message and exit 1',
    async () => {
      for (const [args, message] of [
        [['db', 'backup', env.DATABASE_PATH], 'is the database itself'],
        [['db', 'backup', dir], 'is a directory'],
        [
          ['db', 'restore', path.join(dir, 'test-missing.db')],
          `There is no backup file ${path.join(dir, 'test-missing.db')}`,
        ],
        [['db', 'restore', env.DATABASE_PATH], 'is the database itself'],
      ] as const) {
        const result = await cli(...args);
        expect(result.code, args.join(' ')).to.equal(1);
        expect(result.stderr, args.join(' '))
          .to.match(/^error: /)
          .and.to.contain(message);
      }
      expect(JSON.parse((await cli('db', 'check', '--json')).stdout).integrity).to.equal('ok');
    },
  );

  it('answers --help for every command', async () => {
    for (const command of [
      [],
      ['keys'],
      ['keys', 'create'],
      ['audit', 'rollback'],
      ['db', 'restore'],
      ['import'],
      ['mosques'],
      ['serve'],
    ]) {
      const result = await cli(...command, '--help');
      expect(result.code, command.join(' ')).to.equal(0);
      expect(result.stdout).to.contain('Usage:');
    }
  });

  it('answers --help, offering --json, for every keys, audit and db subcommand', async () => {
    const subcommands = {
      keys: ['create', 'list', 'revoke', 'rotate'],
      audit: ['list', 'show', 'rollback'],
      db: ['migrate', 'backup', 'restore', 'check'],
    };
    const results = await Promise.all(
      Object.entries(subcommands).flatMap(([command, names]) =>
        names.map(async (name) => [`${command} ${name}`, await cli(command, name, '--help')] as const),
      ),
    );
    for (const [command, result] of results) {
      expect(result.code, command).to.equal(0);
      expect(result.stdout, command).to.contain(`Usage: islamic-data ${command}`).and.to.contain('--json');
    }
  });

  it('printed no key except at create and rotate', () => {
    const keyLines = printed.filter((output) => output.includes('idk_'));
    expect(keyLines.every((output) => output.includes('"key": "idk_'))).to.equal(true);
  });
});
