// WORKERS=1 against WORKERS=2 on one SQLite file, and one SQLite server against two server processes
// on one PostgreSQL database and one Redis: requests/s of GET /qibla and of one ayah, as ratios, with
// the load generator (autocannon, 10 connections in all) on the same machine.
// Run: npm run bench:scaling   (after npm run setup; installs PostgreSQL and Redis when missing)
import { sharedPostgres, sharedRedis } from '@islamic-data/test-fixtures';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_MAIN, createKeyWithCli } from '@islamic-data/cli/process';

interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** `serve` in its own process; once it listens, its log is read no more (the bench must not pay for it). */
function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI_MAIN, 'serve'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    const onData = (chunk: Buffer) => {
      output += chunk;
      const listening = output.split('\n').find((line) => line.includes('"msg":"listening"'));
      if (!listening) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({
        url: JSON.parse(listening).url,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
  });
}

const ROUTES = {
  'GET /qibla': '/api/v1/qibla?lat=40.7128&lng=-74.0060',
  'GET one ayah': '/api/v1/quran/surahs/2/ayahs/255',
};
const SECONDS = 5;
const ROUNDS = 2;

interface Deployment {
  name: string;
  servers: ServerProcess[];
  key: string;
}

async function deploy(name: string, env: Record<string, string>, instances: number): Promise<Deployment> {
  const full = { ...env, RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' };
  const created = await createKeyWithCli(full, { name: 'Bench', scopes: '*', permissions: 'read' });
  const servers: ServerProcess[] = [];
  // The servers log "listening" at info; the request lines stay off (warn would hide "listening").
  for (let i = 0; i < instances; i++) servers.push(await startServerProcess({ ...full, LOG_LEVEL: 'info' }));
  await new Promise((resolve) => setTimeout(resolve, 2_000)); // every worker up
  return { name, servers, key: created.key };
}

/** Requests/s of a route across the deployment's servers, the 10 connections split between them. */
async function throughput(deployment: Deployment, route: string): Promise<number> {
  const connections = 10 / deployment.servers.length;
  const results = await Promise.all(
    deployment.servers.map((server) =>
      autocannon({ url: server.url + route, headers: { 'X-API-Key': deployment.key }, connections, duration: SECONDS }),
    ),
  );
  for (const result of results)
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${route}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return results.reduce((sum, result) => sum + result.requests.average, 0);
}

async function measure(deployments: Deployment[]): Promise<Record<string, Record<string, number>>> {
  const table: Record<string, Record<string, number>> = {};
  for (const [routeName, route] of Object.entries(ROUTES)) {
    table[routeName] = {};
    for (let round = 0; round < ROUNDS; round++)
      for (const deployment of deployments)
        table[routeName]![deployment.name] =
          (table[routeName]![deployment.name] ?? 0) + (await throughput(deployment, route)) / ROUNDS;
  }
  return table;
}

function print(title: string, table: Record<string, Record<string, number>>, base: string, other: string) {
  console.log(`\n${title}\n| route | ${base} req/s | ${other} req/s | ratio |\n| --- | ---: | ---: | ---: |`);
  for (const [route, row] of Object.entries(table))
    console.log(
      `| ${route} | ${row[base]!.toFixed(0)} | ${row[other]!.toFixed(0)} | ${(row[other]! / row[base]!).toFixed(2)} |`,
    );
}

const dir = mkdtempSync(path.join(tmpdir(), 'islamic-data-scaling-'));
const running: Deployment[] = [];
try {
  const one = await deploy('WORKERS=1', { DATABASE_PATH: path.join(dir, 'one.db') }, 1);
  running.push(one);
  const two = await deploy('WORKERS=2', { DATABASE_PATH: path.join(dir, 'two.db'), WORKERS: '2' }, 1);
  running.push(two);
  print('One SQLite file, one port:', await measure([one, two]), one.name, two.name);
  for (const deployment of running.splice(0)) await Promise.all(deployment.servers.map((server) => server.stop()));

  const [postgres, redis] = await Promise.all([sharedPostgres(), sharedRedis()]);
  const sqlite = await deploy('one SQLite server', { DATABASE_PATH: path.join(dir, 'sqlite.db') }, 1);
  running.push(sqlite);
  const env = { DATABASE_URL: await postgres.createDatabase(), REDIS_URL: redis.url };
  const pg = await deploy('two servers on PostgreSQL + Redis', env, 2);
  running.push(pg);
  print('Scaling out:', await measure([sqlite, pg]), sqlite.name, pg.name);
} finally {
  for (const deployment of running) await Promise.all(deployment.servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
