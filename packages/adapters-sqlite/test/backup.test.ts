import BetterSqlite3 from 'better-sqlite3';
import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { backupDatabase, openDatabase, type SqliteDatabase } from '../src/index.js';

describe('sqlite: online backup', function () {
  this.timeout(30_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-backup-'));
  let database: SqliteDatabase;
  let writer: BetterSqlite3.Database;

  before(() => {
    database = openDatabase(path.join(dir, 'live.db'));
    database.sqlite.exec('create table test_rows (id integer primary key, text text not null)');
    const insert = database.sqlite.prepare('insert into test_rows (text) values (?)');
    database.sqlite.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(`Test row ${i} `.repeat(20));
    })();
    // Another connection, as the server is to the CLI's backup.
    writer = new BetterSqlite3(database.file);
    writer.pragma('busy_timeout = 5000');
  });
  after(async () => {
    writer.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes a point-in-time copy of a large file while another connection commits between its steps', async () => {
    const pages = database.sqlite.pragma('page_count', { simple: true }) as number;
    expect(pages).to.be.greaterThan(1_000);
    const insert = writer.prepare('insert into test_rows (text) values (?)');
    let writes = 0;
    let writing = true;
    // A commit on every turn of the event loop: a backup that copies in small steps restarts after each one.
    const write = () => {
      if (!writing) return;
      insert.run(`Test concurrent ${writes++}`);
      setImmediate(write);
    };
    setImmediate(write);
    const backupFile = path.join(dir, 'copy', 'backup.db');
    const result = await Promise.race([
      backupDatabase(database.sqlite, backupFile),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the backup never finished under concurrent writes')), 10_000),
      ),
    ]).finally(() => (writing = false));
    expect(writes).to.be.greaterThan(0);
    expect(result.integrity).to.equal('ok');
    expect(result.pages).to.be.at.least(pages);

    const copy = new BetterSqlite3(backupFile, { readonly: true });
    try {
      const { rows, concurrent } = copy
        .prepare("select count(*) as rows, sum(text like 'Test concurrent %') as concurrent from test_rows")
        .get() as { rows: number; concurrent: number };
      expect(rows).to.equal(20_000 + concurrent);
      expect(concurrent).to.be.at.most(writes);
    } finally {
      copy.close();
    }
  });
});
