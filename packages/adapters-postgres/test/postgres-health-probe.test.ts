import { expect } from 'chai';
import { postgresHealthProbe } from '../src/index.js';
import { freshDatabase, startsPostgres } from './fresh-database.js';

describe('PostgreSQL: health probe', () => {
  startsPostgres();
  const fresh = freshDatabase();

  it('is healthy while the server answers and unhealthy once the pool is closed', async () => {
    const database = await fresh();
    const probe = postgresHealthProbe(database.db);
    expect(await probe.isHealthy()).to.equal(true);
    await database.close();
    expect(await probe.isHealthy()).to.equal(false);
  });
});
