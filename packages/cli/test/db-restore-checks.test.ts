import { hashApiKey } from '@islamic-data/core';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, runCli } from './cli-process.js';

/** Issue 26, point 10: `db restore` takes only a file this service made, and backups are the owner's alone. */
describe('cli: db restore refuses files this version did not make; backups are 0600', function () {
  this.timeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-restore-checks-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db') };
  const backup = path.join(dir, 'backups', 'good.db');
  const cli = (...args: string[]) => runCli(args, env);
  let operatorKey: { id: string; key: string };

  before(async () => {
    operatorKey = await createKeyWithCli(env, { name: 'Test kept', scopes: 'quran', permissions: 'read' });
    const made = await cli('db', 'backup', backup);
    expect(made.code, made.stderr).to.equal(0);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** A copy of the good backup, changed by `change`. */
  const crafted = (name: string, change: (db: BetterSqlite3.Database) => void) => {
    const file = path.join(dir, `${name}.db`);
    copyFileSync(backup, file);
    const db = new BetterSqlite3(file);
    try {
      change(db);
    } finally {
      db.close();
    }
    return file;
  };
  const databaseBytes = () => readFileSync(env.DATABASE_PATH);

  it('creates backups readable and writable by their owner alone', async () => {
    expect(statSync(backup).mode & 0o777).to.equal(0o600);
    // Over an existing, world-readable file too.
    const again = path.join(dir, 'again.db');
    copyFileSync(backup, again);
    (await import('node:fs')).chmodSync(again, 0o644);
    expect((await cli('db', 'backup', again)).code).to.equal(0);
    expect(statSync(again).mode & 0o777).to.equal(0o600);
  });

  const refusals: [string, (db: BetterSqlite3.Database) => void, RegExp][] = [
    [
      'a trigger',
      (db) =>
        db.exec(
          'create trigger test_smuggle after insert on audit_log begin update api_keys set scopes = \'["*"]\'; end',
        ),
      /unknown trigger test_smuggle/,
    ],
    ['a table', (db) => db.exec('create table test_extra (x text)'), /unknown table test_extra/],
    ['a view', (db) => db.exec('create view test_view as select 1'), /unknown view test_view/],
    [
      'a dropped index',
      (db) => {
        const { name } = db
          .prepare("select name from sqlite_master where type = 'index' and sql is not null order by name limit 1")
          .get() as { name: string };
        db.exec(`drop index "${name}"`);
      },
      /missing index /,
    ],
    ['a changed table', (db) => db.exec('alter table api_keys add column test_extra text'), /changed table api_keys/],
    [
      'a migration this version does not know',
      (db) => db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('2999-01-01-test', 'x'),
      /migrations this version does not know \(2999-01-01-test\)/,
    ],
    ['no migration history', (db) => db.exec('drop table kysely_migration'), /no migration history/],
    [
      'a name with terminal escapes',
      (db) => db.exec('create table "test\u001b[2J" (x text)'),
      /unknown table "test\\u001b\[2J"/,
    ],
  ];
  for (const [what, change, message] of refusals) {
    it(`refuses a file with ${what}, naming it, and leaves the database as it was`, async () => {
      const before = databaseBytes();
      const file = crafted(`test-${what.replace(/\W+/g, '-')}`, change);
      const refused = await cli('db', 'restore', file);
      expect(refused.code, refused.stdout).to.equal(1);
      expect(refused.stderr).to.match(message);
      expect(refused.stderr).not.to.contain('\u001b');
      expect(databaseBytes().equals(before)).to.equal(true);
    });
  }

  it('refuses a file carrying a usable key the database does not have, unless --accept-keys', async () => {
    const smuggled = `idk_${'T'.repeat(32)}`;
    const file = crafted('test-smuggled-key', (db) =>
      db
        .prepare('insert into api_keys (id, name, key_hash, scopes, permissions, created_at) values (?, ?, ?, ?, ?, ?)')
        .run(
          'key_TESTSMUGGLE1',
          'Test \u001b[31msmuggled',
          hashApiKey(smuggled),
          '["*"]',
          '["read","write","delete"]',
          new Date().toISOString(),
        ),
    );
    const before = databaseBytes();
    const refused = await cli('db', 'restore', file);
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('--accept-keys');
    expect(refused.stderr).to.contain('key_TESTSMUGGLE1');
    expect(refused.stderr, 'the name escaped').not.to.contain('\u001b');
    expect(databaseBytes().equals(before)).to.equal(true);

    const accepted = await cli('db', 'restore', file, '--accept-keys', '--json');
    expect(accepted.code, accepted.stderr).to.equal(0);
    expect(JSON.parse(accepted.stdout).newKeys.map((key: { id: string }) => key.id)).to.deep.equal([
      'key_TESTSMUGGLE1',
    ]);
    expect(statSync(env.DATABASE_PATH).mode & 0o777).to.equal(0o600);
  });

  it("restores the service's own backup, whose keys the database has, without asking", async () => {
    const restored = await cli('db', 'restore', backup, '--json');
    expect(restored.code, restored.stderr).to.equal(0);
    expect(JSON.parse(restored.stdout).newKeys).to.deep.equal([]);
    const keys = JSON.parse((await cli('keys', 'list', '--json')).stdout) as { id: string }[];
    expect(keys.map((key) => key.id)).to.deep.equal([operatorKey.id]);
  });
});
