import { expect } from 'chai';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOG_FLUSH_MS } from '../src/log-destination.js';

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'log-child.js');

interface Run {
  /** The numbers of the lines logged, in the order written (only those written before `marker`, when given). */
  lines: (marker?: string) => number[];
  exited: Promise<number | null>;
}

function run(end: string): Run {
  const child = spawn(process.execPath, [CHILD, end], { stdio: ['ignore', 'pipe', 'ignore'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const lines = (marker?: string) =>
    (marker === undefined ? output : output.split(marker)[0]!)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { n: number }).n);
  return { lines, exited };
}

const oneToAThousand = Array.from({ length: 1000 }, (_, i) => i + 1);

describe('cli: request logs written asynchronously (asyncStdout)', () => {
  for (const [end, code] of [
    ['exit', 0],
    ['end', 0],
    ['throw', 1],
  ] as const) {
    it(`loses no line, in order, when the process ends by ${end}`, async () => {
      const child = run(end);
      expect(await child.exited).to.equal(code);
      expect(child.lines()).to.deep.equal(oneToAThousand);
    });
  }

  it(`writes lines waiting in memory within ${LOG_FLUSH_MS} ms while the process goes on`, async () => {
    // The child logs 20 lines, less than a block, and writes "still running" 2 s after them (timed by itself,
    // whatever its start cost), then ends, which would write any line still waiting: each must be out before it.
    const child = run('wait');
    expect(await child.exited).to.equal(0);
    expect(child.lines('still running')).to.deep.equal(oneToAThousand.slice(0, 20));
  });
});
