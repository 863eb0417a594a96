import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, sqliteStorage } from '../src/index.js';

describe('sqlite: page cache and mapping of a connection (issue 24, memory)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-page-cache-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('bounds the page cache to the KiB it is given and keeps SQLite’s own otherwise; never maps the file', async () => {
    const bounded = openDatabase(path.join(dir, 'a.db'), { cacheKibibytes: 4096 });
    const unbounded = openDatabase(path.join(dir, 'a.db'));
    try {
      expect(bounded.sqlite.pragma('cache_size', { simple: true })).to.equal(-4096);
      expect(unbounded.sqlite.pragma('cache_size', { simple: true })).to.equal(-16000);
      for (const database of [bounded, unbounded])
        expect(database.sqlite.pragma('mmap_size', { simple: true })).to.equal(0);
    } finally {
      await bounded.close();
      await unbounded.close();
    }
  });

  it('passes the bound through sqliteStorage', async () => {
    const storage = sqliteStorage(path.join(dir, 'b.db'), { cacheKibibytes: 2048 });
    try {
      expect(storage.database.sqlite.sqlite.pragma('cache_size', { simple: true })).to.equal(-2048);
    } finally {
      await storage.database.close();
    }
  });
});
