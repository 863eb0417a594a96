import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateToLatest, openDatabase, sqliteHealthProbe } from '../src/index.js';

describe('sqlite: health probe', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-health-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is healthy while the connection is open and unhealthy once it is closed', async () => {
    const database = openDatabase(path.join(dir, 'health.db'));
    await migrateToLatest(database.db);
    const probe = sqliteHealthProbe(database.sqlite);
    expect(await probe.isHealthy()).to.equal(true);
    await database.close();
    expect(await probe.isHealthy()).to.equal(false);
  });
});
