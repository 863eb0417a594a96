import { sqliteStorage } from '@islamic-data/adapters-sqlite';
import { UNSAFE_IN_TEXT } from '@islamic-data/core';
import { aMosqueRecord } from '@islamic-data/test-fixtures';
import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createKeyWithCli, runCli } from './cli-process.js';

/** What could act on a terminal: C0 controls but line breaks, DEL, C1 controls, the bidi controls. */
const UNSAFE = new RegExp(`[${UNSAFE_IN_TEXT}]`, 'u');

/**
 * Issue 26, point 7: the operator's commands refuse such text on input, and print stored text (a row written
 * before the rule, or by another tool) escaped, in tables, messages and JSON alike.
 */
describe('cli: nothing stored from a user reaches the terminal raw', function () {
  this.timeout(60_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-escapes-'));
  const env = { DATABASE_PATH: path.join(dir, 'islamic-data.db') };
  const cli = (...args: string[]) => runCli(args, env);

  before(async () => {
    const key = await createKeyWithCli(env, { name: 'Test plain', scopes: '*', permissions: 'read' });
    const storage = sqliteStorage(env.DATABASE_PATH);
    try {
      await storage.database.migrate();
      await storage.stores.mosques.insert(
        aMosqueRecord({
          slug: 'test-escapes',
          status: 'pending',
          nameEn: 'Test \u001b[2J\u001b[H cleared',
          city: 'Test\u009b31m\u202ecity',
          description: 'Test line one\nline two\u0007',
          lat: null,
          lng: null,
        }),
      );
    } finally {
      await storage.database.close();
    }
    const db = new BetterSqlite3(env.DATABASE_PATH);
    db.prepare('update api_keys set name = ? where id = ?').run('Test \u001b]0;title\u0007 \u2066key', key.id);
    db.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('mosques pending: each cell on one line, escapes shown as \\u001b', async () => {
    const listed = await cli('mosques', 'pending');
    expect(listed.code, listed.stderr).to.equal(0);
    expect(listed.stdout).not.to.match(UNSAFE);
    expect(listed.stdout).to.contain('Test \\u001b[2J\\u001b[H cleared');
    expect(listed.stdout).to.contain('Test\\u009b31m\\u202ecity');
    expect(listed.stdout.trim().split('\n')).to.have.lengthOf(2);
  });

  it('keys list, as a table and as JSON', async () => {
    const listed = await cli('keys', 'list');
    expect(listed.stdout).not.to.match(UNSAFE);
    expect(listed.stdout).to.contain('\\u001b]0;title\\u0007 \\u2066key');
    const json = await cli('keys', 'list', '--json');
    expect(json.stdout).not.to.match(UNSAFE);
    expect(JSON.parse(json.stdout)[0].name, 'the same value').to.equal('Test \u001b]0;title\u0007 \u2066key');
  });

  it('mosques pending --json keeps the value and escapes it', async () => {
    const json = await cli('mosques', 'pending', '--json');
    expect(json.stdout).not.to.match(UNSAFE);
    expect(JSON.parse(json.stdout)[0].city).to.equal('Test\u009b31m\u202ecity');
  });

  it('refuses a key name with such characters, and does not echo them raw', async () => {
    const refused = await cli('keys', 'create', '--name', 'Test \u001b[2J', '--scopes', '*', '--permissions', 'read');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('control characters');
    expect(refused.stderr).not.to.match(UNSAFE);
  });

  it('refuses a rejection reason with such characters', async () => {
    const refused = await cli('mosques', 'reject', 'test-escapes', '--reason', 'Test \u202espoof');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.contain('control characters');
  });
});
