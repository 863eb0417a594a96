import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sharedPostgres, startRedis } from '../../src/index.js';

const run = promisify(execFile);
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/index.js');

/** Whether something accepts TCP connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const portOf = (url: string) => Number(new URL(url).port);

describe('test servers: throwaway PostgreSQL and Redis on loopback ports', function () {
  this.timeout(600_000);

  it('starts one PostgreSQL cluster per process as the postgres user, making databases from one', async () => {
    const postgres = await sharedPostgres();
    expect(await sharedPostgres()).to.equal(postgres);
    expect(postgres.baseUrl).to.match(/^postgres:\/\/postgres@127\.0\.0\.1:\d+$/);
    await postgres.query('create database test_fixture_template');
    await postgres.query('create table test_rows (id integer)', 'test_fixture_template');
    await postgres.query('create database test_fixture_copy template test_fixture_template');
    expect(await postgres.query('select count(*) from test_rows', 'test_fixture_copy')).to.equal('0');
    expect(await postgres.query('select current_user')).to.equal('postgres');
    const { stdout: owners } = await run('ps', ['-o', 'user=', '-C', 'postgres']);
    expect(new Set(owners.split('\n').filter(Boolean))).to.deep.equal(new Set(['postgres']));
  });

  it('stops PostgreSQL and Redis when the test process exits, also when it fails', async () => {
    const script = `
      const { sharedPostgres, startRedis } = await import(${JSON.stringify(fixtures)});
      const [postgres, redis] = await Promise.all([sharedPostgres(), startRedis()]);
      console.log(JSON.stringify({ postgres: postgres.baseUrl, redis: redis.url }));
      throw new Error('Test failure after starting the servers');`;
    const result = await run(process.execPath, ['--input-type=module', '-e', script]).then(
      () => undefined,
      (error: { stdout: string; stderr: string }) => error,
    );
    expect(result?.stderr).to.contain('Test failure after starting the servers');
    const urls = JSON.parse(result!.stdout) as { postgres: string; redis: string };
    expect(await listening(portOf(urls.postgres))).to.equal(false);
    expect(await listening(portOf(urls.redis))).to.equal(false);
  });

  it('stops a Redis server and starts it again on the same port', async () => {
    const redis = await startRedis();
    const port = portOf(redis.url);
    expect(await listening(port)).to.equal(true);
    await redis.stop();
    expect(await listening(port)).to.equal(false);
    await redis.start();
    expect(await listening(port)).to.equal(true);
    await redis.stop();
  });
});
