import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BenchTargets {
  bare: string;
  app: string;
  key: string;
  stop(): void;
}

/** Starts bench-servers.js in its own process, so the load generator does not share its event loop. */
export function startBenchServers(env: Record<string, string> = {}): Promise<BenchTargets> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-servers.js');
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench servers exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => resolve({ ...JSON.parse(String(chunk)), stop: () => child.kill() }));
  });
}

export async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** Mean requests/s of a target and of the bare route, measured in the same rounds. */
export interface BareComparison {
  name: string;
  bare: number;
  target: number;
}

/**
 * Measures each target against the bare route in alternating rounds (the machine is shared and
 * noisy), prints requests/s with the ratio to the bare route measured in the same rounds, and
 * returns those measurements, in the order of `paths`.
 */
export async function compareToBare(
  targets: BenchTargets,
  paths: Record<string, string>,
  { rounds = 3, seconds = 5 } = {},
): Promise<BareComparison[]> {
  const headers = { 'X-API-Key': targets.key };
  const rows: BareComparison[] = [];
  for (const [name, path] of Object.entries(paths)) {
    let bare = 0;
    let target = 0;
    for (let round = 0; round < rounds; round++) {
      bare += await requestsPerSecond(`${targets.bare}/bare`, {}, seconds);
      target += await requestsPerSecond(targets.app + path, headers, seconds);
    }
    rows.push({ name, bare: bare / rounds, target: target / rounds });
  }
  console.log(`\n| route | req/s | bare Express 5 req/s (same rounds) | ratio |`);
  console.log(`| --- | ---: | ---: | ---: |`);
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${row.target.toFixed(0)} | ${row.bare.toFixed(0)} | ${(row.target / row.bare).toFixed(2)} |`,
    );
  }
  return rows;
}
